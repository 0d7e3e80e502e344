import type { ConfigFieldSpec, ConfigForm } from '@answer/plugin-sdk';
import { presetOptions } from './presets.js';
import { FIELD } from './settings.js';
import { MAX_SVG_LENGTH } from './svg.js';
import { MAX_LABEL_LENGTH, MAX_PATH_LENGTH, validateConfig } from './validation.js';

/** A claim or JSON path field; empty means the preset's (or the standard) name. */
const pathField = (name: string, en: string, zh: string, defaults: string, zhDefaults: string): ConfigFieldSpec => ({
  name,
  type: 'input',
  title: { en_US: en, zh_CN: zh },
  description: { en_US: `Empty: ${defaults}`, zh_CN: `留空：${zhDefaults}` },
  default: '',
  maxLength: MAX_PATH_LENGTH,
});

/** Single sign-on only (the plugin as the site's user centre, user-center.ts): the last part of the form. */
const singleSignOnFields: ConfigFieldSpec[] = [
  {
    name: 'legend_sso',
    type: 'legend',
    title: { en_US: 'Single sign-on only', zh_CN: '仅限单点登录' },
    description: {
      en_US:
        "Before turning this on, sign in once through this provider with the administrator's account (its verified e-mail address connects it), so that you can still get in afterwards.",
      zh_CN: '开启前，请先用管理员账户通过此身份提供方登录一次（凭已验证的邮箱关联账户），以确保开启后仍能登录。',
    },
  },
  {
    name: FIELD.ssoOnly,
    type: 'switch',
    title: { en_US: 'Single sign-on', zh_CN: '单点登录' },
    label: { en_US: "Use this provider as the site's only sign-in (single sign-on)", zh_CN: '将此身份提供方作为本站唯一的登录方式（单点登录）' },
    description: {
      en_US:
        "Logging in and signing up go to the provider; the site's own e-mail login and registration, password recovery and change and e-mail change are switched off, and so are other sign-in services. The display name and e-mail address (and the user name when a claim is mapped to it) come from the provider at every sign-in and cannot be changed on the site. Logging out of the site also signs out at the provider.",
      zh_CN:
        '登录和注册都将转到身份提供方；本站自身的邮箱登录与注册、找回与修改密码、修改邮箱以及其他登录服务都将关闭。显示名称和邮箱（以及映射了声明的用户名）在每次登录时取自身份提供方，不能在本站修改。退出本站时也会同时退出身份提供方。',
    },
    default: false,
  },
  {
    name: FIELD.ssoName,
    type: 'input',
    title: { en_US: 'Provider name', zh_CN: '身份提供方名称' },
    description: {
      en_US: 'Shown as "Log in with <name>". Empty: the provider\'s name ("single sign-on" for Custom).',
      zh_CN: '显示为“使用<名称>登录”。留空则使用身份提供方的名称（自定义为“单点登录”）。',
    },
    placeholder: 'Example Corp',
    default: '',
    maxLength: MAX_LABEL_LENGTH,
  },
  {
    name: FIELD.accountUrl,
    type: 'input',
    inputType: 'url',
    title: { en_US: 'Account page at the provider', zh_CN: '身份提供方的账户页面' },
    description: {
      en_US: 'Optional: where people change their name, e-mail address and password; the site\'s settings pages link to it. Keycloak: https://<host>/realms/<realm>/account.',
      zh_CN: '可选：用户修改姓名、邮箱和密码的地址，本站的设置页面会链接到这里。Keycloak：https://<主机>/realms/<realm>/account。',
    },
    placeholder: 'https://sso.example.com/realms/main/account',
    default: '',
  },
  {
    name: FIELD.providerLogout,
    type: 'switch',
    title: { en_US: 'Sign out at the provider', zh_CN: '同时退出身份提供方' },
    label: { en_US: 'Logging out of the site also ends the session at the provider', zh_CN: '退出本站时同时结束在身份提供方的会话' },
    description: {
      en_US:
        "OpenID Connect RP-initiated logout, at the end_session_endpoint of the provider's discovery document. Register <site>/ (the site's address with a final slash) at the provider as a post-logout redirect URI.",
      zh_CN: '使用 OpenID Connect 的 RP 发起登出，即身份提供方发现文档中的 end_session_endpoint。请在身份提供方处将 <站点地址>/（以斜杠结尾）登记为登出后重定向地址。',
    },
    default: true,
  },
];

/** The admin's form (`/admin/oidc`). */
export const configForm: ConfigForm = {
  fields: [
    {
      name: FIELD.mode,
      type: 'radio',
      title: { en_US: 'Protocol', zh_CN: '协议' },
      options: [
        { value: 'oidc', label: { en_US: 'OpenID Connect (recommended: the ID token is checked)', zh_CN: 'OpenID Connect（推荐：会校验 ID 令牌）' } },
        { value: 'oauth2', label: { en_US: 'OAuth 2 (providers without OpenID Connect, e.g. GitHub)', zh_CN: 'OAuth 2（不支持 OpenID Connect 的身份提供方，例如 GitHub）' } },
      ],
      default: 'oidc',
    },
    {
      name: FIELD.preset,
      type: 'select',
      title: { en_US: 'Provider', zh_CN: '身份提供方' },
      description: {
        en_US: 'Fills in every field below that you leave empty: issuer, endpoints, scopes, claims, name and icon. GitHub uses OAuth 2; the others OpenID Connect.',
        zh_CN: '为下方留空的字段填入预设值：Issuer、端点、scope、声明、名称和图标。GitHub 使用 OAuth 2，其余使用 OpenID Connect。',
      },
      options: presetOptions().map(({ value, title }) => ({ value, label: title })),
      default: 'custom',
    },
    {
      name: FIELD.buttonLabel,
      type: 'input',
      title: { en_US: 'Provider name on the button', zh_CN: '按钮上的身份提供方名称' },
      description: {
        en_US: 'The name alone: the button reads "Continue with …" around it, e.g. Corp SSO. Empty: the provider\'s ("SSO" for Custom).',
        zh_CN: '只填名称：按钮会显示为“使用 … 继续”，例如“公司单点登录”。留空则使用身份提供方的名称（自定义为“单点登录”）。',
      },
      placeholder: 'SSO',
      default: '',
      maxLength: MAX_LABEL_LENGTH,
    },
    {
      name: FIELD.iconSvg,
      type: 'textarea',
      title: { en_US: 'Button icon (SVG)', zh_CN: '按钮图标（SVG）' },
      description: {
        en_US: "Empty: a built-in icon for the provider (a key for Custom). Or paste an <svg> document, e.g. the provider's official logo; scripts, event attributes and outside links are refused.",
        zh_CN: '留空则使用该身份提供方的内置图标（自定义为钥匙图标）。也可以粘贴 <svg> 文档，例如身份提供方的官方标志；不接受脚本、事件属性和外部链接。',
      },
      rows: 4,
      default: '',
      maxLength: MAX_SVG_LENGTH,
    },
    {
      name: FIELD.clientId,
      type: 'input',
      title: { en_US: 'Client ID', zh_CN: '客户端 ID' },
      description: {
        en_US: 'Register this site at the provider as a web application with the redirect URL <site>/answer/api/v1/connector/redirect/oidc.',
        zh_CN: '请在身份提供方处将本站注册为 Web 应用，回调地址为 <站点地址>/answer/api/v1/connector/redirect/oidc。',
      },
      required: true,
      maxLength: 512,
    },
    {
      name: FIELD.clientSecret,
      type: 'input',
      inputType: 'password',
      title: { en_US: 'Client secret', zh_CN: '客户端密钥' },
      required: true,
      secret: true,
      maxLength: 1024,
    },
    { name: 'legend_oidc', type: 'legend', title: { en_US: 'OpenID Connect', zh_CN: 'OpenID Connect' } },
    {
      name: FIELD.issuer,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Issuer URL', zh_CN: 'Issuer URL' },
      description: {
        en_US:
          'Its /.well-known/openid-configuration is read. Google: https://accounts.google.com (used when empty). Microsoft Entra ID: https://login.microsoftonline.com/<tenant ID>/v2.0. GitLab: https://gitlab.com (used when empty) or your instance. Keycloak: https://<host>/realms/<realm>. Authentik: https://<host>/application/o/<application slug>/ (with the final slash).',
        zh_CN:
          '将读取其 /.well-known/openid-configuration。Google：https://accounts.google.com（留空时使用）。Microsoft Entra ID：https://login.microsoftonline.com/<租户 ID>/v2.0。GitLab：https://gitlab.com（留空时使用）或自建实例地址。Keycloak：https://<主机>/realms/<realm>。Authentik：https://<主机>/application/o/<应用 slug>/（保留末尾斜杠）。',
      },
      placeholder: 'https://sso.example.com/realms/main',
      default: '',
    },
    {
      name: FIELD.useUserinfo,
      type: 'switch',
      title: { en_US: 'User-info endpoint', zh_CN: '用户信息端点' },
      label: { en_US: "Also read the person's claims from the user-info endpoint", zh_CN: '同时从用户信息端点读取用户声明' },
      description: {
        en_US: 'Many providers put only a few claims in the ID token (GitLab sends groups only here). Off: only the ID token is read.',
        zh_CN: '许多身份提供方只在 ID 令牌中放少量声明（GitLab 的用户组只在此处提供）。关闭则只读取 ID 令牌。',
      },
      default: true,
    },
    { name: 'legend_oauth2', type: 'legend', title: { en_US: 'OAuth 2', zh_CN: 'OAuth 2' } },
    {
      name: FIELD.authorizeUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Authorisation endpoint', zh_CN: '授权端点' },
      description: { en_US: 'Where the person signs in. GitHub: https://github.com/login/oauth/authorize (used when empty).', zh_CN: '用户登录的地址。GitHub：https://github.com/login/oauth/authorize（留空时使用）。' },
      default: '',
    },
    {
      name: FIELD.tokenUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Token endpoint', zh_CN: '令牌端点' },
      description: { en_US: 'GitHub: https://github.com/login/oauth/access_token (used when empty).', zh_CN: 'GitHub：https://github.com/login/oauth/access_token（留空时使用）。' },
      default: '',
    },
    {
      name: FIELD.userinfoUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'User-info endpoint', zh_CN: '用户信息端点' },
      description: { en_US: 'Answers the signed-in person as JSON. GitHub: https://api.github.com/user (used when empty).', zh_CN: '以 JSON 返回当前登录用户的信息。GitHub：https://api.github.com/user（留空时使用）。' },
      default: '',
    },
    {
      name: FIELD.emailsUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'E-mail addresses endpoint (GitHub format)', zh_CN: '邮箱地址端点（GitHub 格式）' },
      description: {
        en_US: "Optional: a list of the person's addresses with primary and verified flags; the verified primary one is used. GitHub: https://api.github.com/user/emails (used when empty).",
        zh_CN: '可选：返回用户邮箱列表（含 primary 与 verified 标记），将使用已验证的主邮箱。GitHub：https://api.github.com/user/emails（留空时使用）。',
      },
      default: '',
    },
    {
      name: FIELD.tokenAuth,
      type: 'select',
      title: { en_US: 'Client authentication', zh_CN: '客户端认证方式' },
      description: { en_US: 'How the token endpoint is given the client secret. OpenID Connect picks it from the discovery document.', zh_CN: '向令牌端点提交客户端密钥的方式。OpenID Connect 模式会根据发现文档自动选择。' },
      options: [
        { value: 'client_secret_post', label: { en_US: 'In the request body (client_secret_post)', zh_CN: '放在请求正文中（client_secret_post）' } },
        { value: 'client_secret_basic', label: { en_US: 'HTTP Basic authentication (client_secret_basic)', zh_CN: 'HTTP Basic 认证（client_secret_basic）' } },
      ],
      default: 'client_secret_post',
    },
    {
      name: FIELD.pkce,
      type: 'switch',
      title: { en_US: 'PKCE', zh_CN: 'PKCE' },
      label: { en_US: 'Send a PKCE challenge (S256)', zh_CN: '发送 PKCE 质询（S256）' },
      description: {
        en_US: 'Turn off only for a provider that refuses it. OpenID Connect always uses PKCE.',
        zh_CN: '仅当身份提供方不接受时才关闭。OpenID Connect 模式始终使用 PKCE。',
      },
      default: true,
    },
    {
      name: 'legend_claims',
      type: 'legend',
      title: { en_US: 'Scopes and user fields', zh_CN: 'Scope 与用户字段' },
      description: {
        en_US: 'Each user field names a claim of the ID token or user-info answer, or a dot path into the JSON such as data.user.id.',
        zh_CN: '每个用户字段填写 ID 令牌或用户信息中的声明名称，或 JSON 中的点路径，例如 data.user.id。',
      },
    },
    {
      name: FIELD.scopes,
      type: 'input',
      title: { en_US: 'Scopes', zh_CN: 'Scope' },
      description: {
        en_US: 'Separated by spaces. Empty: openid profile email (OpenID Connect; openid is always added), read:user user:email for GitHub, none for a custom OAuth 2 provider.',
        zh_CN: '以空格分隔。留空：OpenID Connect 为 openid profile email（始终包含 openid），GitHub 为 read:user user:email，自定义 OAuth 2 则不发送。',
      },
      placeholder: 'openid profile email',
      default: '',
      maxLength: 1000,
    },
    pathField(FIELD.claimSubject, 'Permanent id', '永久 ID', 'sub (GitHub: id). Never an e-mail address, which can change.', 'sub（GitHub：id）。不要使用可能变化的邮箱地址。'),
    pathField(FIELD.claimName, 'Display name', '显示名称', 'name.', 'name。'),
    pathField(FIELD.claimUsername, 'User name', '用户名', 'preferred_username (GitLab: nickname, GitHub: login, Google: none).', 'preferred_username（GitLab：nickname，GitHub：login，Google：无）。'),
    pathField(FIELD.claimEmail, 'E-mail', '邮箱', 'email.', 'email。'),
    pathField(
      FIELD.claimEmailVerified,
      'E-mail verified',
      '邮箱已验证',
      'email_verified (Microsoft Entra ID and GitHub: none; GitHub\'s comes from its e-mail addresses endpoint). Only true counts as verified.',
      'email_verified（Microsoft Entra ID 与 GitHub：无；GitHub 的验证状态来自其邮箱地址端点）。只有 true 才视为已验证。',
    ),
    pathField(FIELD.claimPicture, 'Avatar URL', '头像 URL', 'picture (GitHub: avatar_url).', 'picture（GitHub：avatar_url）。'),
    pathField(FIELD.claimGroups, 'Groups', '用户组', 'groups (Keycloak realm roles: realm_access.roles; Google and GitHub: none).', 'groups（Keycloak realm 角色：realm_access.roles；Google 与 GitHub：无）。'),
    ...singleSignOnFields,
  ],
  validate: validateConfig,
};
