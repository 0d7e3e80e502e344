import { type ConfigValues, type FieldError, type Translatable, translate } from '@answer/plugin-sdk';
import { PRESET_IDS, presetFor } from './presets.js';
import { FIELD, modeOf, readSettings, text } from './settings.js';
import { svgProblem } from './svg.js';
import { isProviderUrl } from './urls.js';

export const MAX_LABEL_LENGTH = 60;
export const MAX_PATH_LENGTH = 200;
// RFC 6749 3.3: a scope token is printable ASCII without spaces, quotes or backslashes.
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
// A claim name or dot path: printable ASCII (claim names may be URLs, e.g. https://example.com/roles).
const PATH = /^[\x21-\x7e]+$/;
// Entra's multi-tenant endpoints publish a templated issuer that no ID token carries.
const ENTRA_MULTI_TENANT = /^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)(\/|$)/i;

const urlMessage = (example: string): Translatable => ({
  en_US: `Enter an https:// address without a #fragment or user name, e.g. ${example} (http:// only for 127.0.0.1 or localhost).`,
  zh_CN: `请输入以 https:// 开头、不含 # 片段或用户名的地址，例如 ${example}（仅 127.0.0.1 或 localhost 可用 http://）。`,
});

/** The checks beyond each field's own rules (ConfigForm.validate): every problem, by field. */
export function validateConfig(values: ConfigValues): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: Translatable) => errors.push({ field, message });
  const mode = modeOf(values);
  const settings = readSettings(values);

  const rawMode = values[FIELD.mode];
  if (rawMode !== undefined && rawMode !== '' && rawMode !== 'oidc' && rawMode !== 'oauth2') {
    fail(FIELD.mode, { en_US: 'Choose OpenID Connect or OAuth 2.', zh_CN: '请选择 OpenID Connect 或 OAuth 2。' });
  }

  const presetId = text(values[FIELD.preset]) || 'custom';
  if (!(PRESET_IDS as string[]).includes(presetId)) {
    fail(FIELD.preset, { en_US: 'Choose one of the listed providers, or Custom.', zh_CN: '请选择列出的身份提供方之一，或选择“自定义”。' });
  } else {
    const preset = presetFor(presetId, mode);
    const name = translate(preset.title, 'en_US');
    if (preset.mode === 'oauth2' && mode !== 'oauth2') {
      fail(FIELD.preset, { en_US: `${name} has no OpenID Connect: choose the OAuth 2 mode for it.`, zh_CN: `${name} 不支持 OpenID Connect：请为其选择 OAuth 2 模式。` });
    } else if (preset.mode === 'oidc' && mode !== 'oidc') {
      fail(FIELD.preset, { en_US: `${name} is set up through OpenID Connect: choose that mode for it.`, zh_CN: `${name} 通过 OpenID Connect 接入：请为其选择 OpenID Connect 模式。` });
    }
  }

  if (text(values[FIELD.buttonLabel]).length > MAX_LABEL_LENGTH) {
    fail(FIELD.buttonLabel, { en_US: `Keep the label to ${MAX_LABEL_LENGTH} characters.`, zh_CN: `按钮文字最多 ${MAX_LABEL_LENGTH} 个字符。` });
  }
  const icon = text(values[FIELD.iconSvg]);
  const iconProblem = icon ? svgProblem(icon) : null;
  if (iconProblem) fail(FIELD.iconSvg, iconProblem);

  if (!settings.clientId) fail(FIELD.clientId, { en_US: 'Enter the client ID the provider gave this site.', zh_CN: '请输入身份提供方为本站分配的客户端 ID。' });
  else if (/\s/.test(settings.clientId) || settings.clientId.length > 512) fail(FIELD.clientId, { en_US: 'A client ID has no spaces and at most 512 characters.', zh_CN: '客户端 ID 不能包含空格，且最多 512 个字符。' });
  if (!settings.clientSecret) fail(FIELD.clientSecret, { en_US: 'Enter the client secret the provider gave this site.', zh_CN: '请输入身份提供方为本站分配的客户端密钥。' });

  if (mode === 'oidc') {
    if (!settings.issuer) {
      fail(FIELD.issuer, { en_US: "Enter the provider's issuer URL, e.g. https://sso.example.com/realms/main.", zh_CN: '请输入身份提供方的 Issuer URL，例如 https://sso.example.com/realms/main。' });
    } else if (!isProviderUrl(settings.issuer, { query: false })) {
      fail(FIELD.issuer, urlMessage('https://sso.example.com/realms/main'));
    } else if (ENTRA_MULTI_TENANT.test(settings.issuer)) {
      fail(FIELD.issuer, {
        en_US: "Use your tenant's own issuer, https://login.microsoftonline.com/<tenant ID>/v2.0: the common, organizations and consumers endpoints have no single issuer to check tokens against.",
        zh_CN: '请使用租户自己的 Issuer：https://login.microsoftonline.com/<租户 ID>/v2.0。common、organizations 和 consumers 端点没有可用于校验令牌的唯一 Issuer。',
      });
    }
  } else {
    const endpoints: [string, string, string][] = [
      [FIELD.authorizeUrl, settings.authorizeUrl, 'https://provider.example.com/oauth/authorize'],
      [FIELD.tokenUrl, settings.tokenUrl, 'https://provider.example.com/oauth/token'],
      [FIELD.userinfoUrl, settings.userinfoUrl, 'https://api.provider.example.com/user'],
    ];
    for (const [field, value, example] of endpoints) {
      if (!value) fail(field, { en_US: `The OAuth 2 mode needs this endpoint, e.g. ${example}.`, zh_CN: `OAuth 2 模式需要填写此端点，例如 ${example}。` });
      else if (!isProviderUrl(value)) fail(field, urlMessage(example));
    }
    if (settings.emailsUrl && !isProviderUrl(settings.emailsUrl)) fail(FIELD.emailsUrl, urlMessage('https://api.github.com/user/emails'));
  }

  const scopes = text(values[FIELD.scopes]);
  if (scopes.length > 1000 || !scopes.split(/\s+/).filter(Boolean).every((s) => SCOPE_TOKEN.test(s))) {
    fail(FIELD.scopes, { en_US: 'List scopes separated by spaces, e.g. openid profile email (no quotes or backslashes).', zh_CN: '请用空格分隔各个 scope，例如 openid profile email（不能包含引号或反斜杠）。' });
  }

  const pathFields = [FIELD.claimSubject, FIELD.claimName, FIELD.claimUsername, FIELD.claimEmail, FIELD.claimEmailVerified, FIELD.claimPicture, FIELD.claimGroups];
  for (const field of pathFields) {
    const path = text(values[field]);
    if (path && (path.length > MAX_PATH_LENGTH || !PATH.test(path))) {
      fail(field, { en_US: 'Enter a claim name or a dot path such as data.user.id (no spaces).', zh_CN: '请输入声明名称或点路径，例如 data.user.id（不能包含空格）。' });
    }
  }
  if (text(values[FIELD.ssoName]).length > MAX_LABEL_LENGTH) {
    fail(FIELD.ssoName, { en_US: `Keep the name to ${MAX_LABEL_LENGTH} characters.`, zh_CN: `名称最多 ${MAX_LABEL_LENGTH} 个字符。` });
  }
  // A link people follow from the site's settings pages: https only, as every provider address.
  if (settings.accountUrl && !isProviderUrl(settings.accountUrl)) fail(FIELD.accountUrl, urlMessage('https://sso.example.com/realms/main/account'));

  if (!settings.claims.subject) fail(FIELD.claimSubject, { en_US: "Name the claim that holds the person's permanent id.", zh_CN: '请填写保存用户永久 ID 的声明。' });
  return errors;
}
