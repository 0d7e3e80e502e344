import type { ConfigFieldSpec, ConfigForm } from '@answer/plugin-sdk';
import { FIELD } from './settings.js';
import { MAX_LABEL_LENGTH, MAX_METADATA_XML_LENGTH, validateConfig } from './validation.js';

const METADATA_PATH = '/answer/api/v1/connector/metadata/saml';
const ACS_PATH = '/answer/api/v1/connector/redirect/saml';

/** An attribute field; empty means the standard names listed. */
const attributeField = (name: string, en: string, zh: string, enDefaults: string, zhDefaults: string): ConfigFieldSpec => ({
  name,
  type: 'input',
  title: { en_US: en, zh_CN: zh },
  description: { en_US: enDefaults, zh_CN: zhDefaults },
  default: '',
  maxLength: 1000,
});

const pemField = (name: string, en: string, zh: string, enDescription: string, zhDescription: string, secret = false): ConfigFieldSpec => ({
  name,
  type: 'textarea',
  title: { en_US: en, zh_CN: zh },
  description: { en_US: enDescription, zh_CN: zhDescription },
  rows: 4,
  default: '',
  maxLength: 10_000,
  ...(secret ? { secret: true } : {}),
});

/** The admin's form (`/admin/saml`). */
export const configForm: ConfigForm = {
  fields: [
    {
      name: 'legend_idp',
      type: 'legend',
      title: { en_US: 'Identity provider', zh_CN: '身份提供方' },
      description: {
        en_US: `Give the identity provider's administrator this site's metadata: <site address>${METADATA_PATH} (entity ID, and the assertion consumer service <site address>${ACS_PATH}, HTTP-POST). Assertions must be signed.`,
        zh_CN: `请把本站的元数据地址交给身份提供方的管理员：<站点地址>${METADATA_PATH}（包含实体 ID 和断言消费服务 <站点地址>${ACS_PATH}，HTTP-POST 绑定）。断言必须签名。`,
      },
    },
    {
      name: FIELD.metadataUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Metadata URL', zh_CN: '元数据 URL' },
      description: {
        en_US:
          'The address of its SAML metadata, read once an hour and whenever this form is saved. Keycloak: https://<host>/realms/<realm>/protocol/saml/descriptor. Microsoft Entra ID: the "App Federation Metadata Url". https only (http only on 127.0.0.1 or localhost): the metadata holds the certificate assertions are checked with.',
        zh_CN:
          '其 SAML 元数据的地址，每小时以及每次保存本表单时读取。Keycloak：https://<主机>/realms/<realm>/protocol/saml/descriptor。Microsoft Entra ID：“应用联合元数据 URL”。仅限 https（仅 127.0.0.1 或 localhost 可用 http）：元数据中包含用于校验断言的证书。',
      },
      placeholder: 'https://sso.example.com/realms/main/protocol/saml/descriptor',
      default: '',
      maxLength: 2000,
    },
    {
      name: FIELD.metadataXml,
      type: 'textarea',
      title: { en_US: 'Or the metadata itself', zh_CN: '或直接粘贴元数据' },
      description: {
        en_US: `Instead of the URL: the metadata XML (<EntityDescriptor ...>), up to ${MAX_METADATA_XML_LENGTH} characters.`,
        zh_CN: `代替 URL：元数据 XML（<EntityDescriptor ...>），最多 ${MAX_METADATA_XML_LENGTH} 个字符。`,
      },
      rows: 6,
      default: '',
      maxLength: MAX_METADATA_XML_LENGTH,
    },
    {
      name: FIELD.idpEntityId,
      type: 'input',
      title: { en_US: 'Identity provider entity ID', zh_CN: '身份提供方实体 ID' },
      description: {
        en_US: 'Empty: the one in the metadata. Needed only when the metadata lists several identity providers.',
        zh_CN: '留空则使用元数据中的实体 ID。仅当元数据列出多个身份提供方时需要填写。',
      },
      default: '',
      maxLength: 1024,
    },
    pemField(
      FIELD.idpCertificate,
      'Identity provider signing certificate',
      '身份提供方签名证书',
      "Empty: the signing certificates of the metadata. Pasted (PEM, one or more): only these verify assertions, whatever the metadata says.",
      '留空则使用元数据中的签名证书。如粘贴（PEM 格式，可多个）：无论元数据如何，只用这些证书校验断言。',
    ),
    {
      name: 'check_idp',
      type: 'button',
      title: { en_US: 'Check', zh_CN: '检查' },
      description: {
        en_US: 'Reads the identity provider with the saved settings (save first) and tells what it found.',
        zh_CN: '使用已保存的设置读取身份提供方并显示结果（请先保存）。',
      },
      text: { en_US: 'Check the identity provider', zh_CN: '检查身份提供方' },
      variant: 'outline-secondary',
      action: { path: '/check', method: 'POST', loadingText: { en_US: 'Checking…', zh_CN: '检查中…' }, toastReturnMessage: true },
    },

    { name: 'legend_sp', type: 'legend', title: { en_US: 'This site (service provider)', zh_CN: '本站（服务提供方）' } },
    {
      name: FIELD.spEntityId,
      type: 'input',
      title: { en_US: 'Entity ID', zh_CN: '实体 ID' },
      description: {
        en_US: `Empty: <site address>${METADATA_PATH}. Set one if the site's address may change: the identity provider knows this site by it.`,
        zh_CN: `留空则为 <站点地址>${METADATA_PATH}。如果站点地址可能变化，请设置一个固定值：身份提供方以它识别本站。`,
      },
      default: '',
      maxLength: 1024,
    },
    {
      name: FIELD.nameIdFormat,
      type: 'select',
      title: { en_US: 'NameID format', zh_CN: 'NameID 格式' },
      description: {
        en_US: 'Asked of the identity provider. Persistent gives a permanent, opaque id per person: the best permanent id. E-mail addresses and user names can change or be given to someone else later.',
        zh_CN: '向身份提供方请求的格式。持久（persistent）为每个人提供永久且不透明的 ID，最适合作为永久 ID。邮箱地址和用户名可能变化，或以后被分配给别人。',
      },
      options: [
        { value: 'persistent', label: { en_US: 'Persistent (recommended)', zh_CN: '持久（推荐）' } },
        { value: 'unspecified', label: { en_US: 'Unspecified (the identity provider chooses)', zh_CN: '未指定（由身份提供方决定）' } },
        { value: 'email', label: { en_US: 'E-mail address', zh_CN: '邮箱地址' } },
        { value: 'transient', label: { en_US: 'Transient (needs an attribute as the permanent id)', zh_CN: '临时（需要以某个属性作为永久 ID）' } },
      ],
      default: 'persistent',
    },
    pemField(
      FIELD.spPrivateKey,
      'Request signing key',
      '请求签名私钥',
      'Optional: a private key (PEM, unencrypted) to sign the AuthnRequest with (RSA-SHA256), for identity providers that require signed requests. Stored as a secret and never shown again.',
      '可选：用于签名 AuthnRequest（RSA-SHA256）的私钥（PEM 格式，未加密），适用于要求请求签名的身份提供方。作为机密保存，不会再次显示。',
      true,
    ),
    pemField(
      FIELD.spCertificate,
      'Request signing certificate',
      '请求签名证书',
      "The certificate of that key (PEM), published in this site's metadata. Make one with: openssl req -x509 -newkey rsa:3072 -nodes -days 3650 -subj /CN=answers -keyout sp.key -out sp.crt",
      '该私钥对应的证书（PEM 格式），会发布在本站元数据中。可用以下命令生成：openssl req -x509 -newkey rsa:3072 -nodes -days 3650 -subj /CN=answers -keyout sp.key -out sp.crt',
    ),

    {
      name: 'legend_attributes',
      type: 'legend',
      title: { en_US: 'Attributes', zh_CN: '属性' },
      description: {
        en_US: 'Each field names the SAML attribute to read, by its Name or FriendlyName; several may be given, separated by spaces, the first present counts. Empty: the usual names listed.',
        zh_CN: '每个字段填写要读取的 SAML 属性，按其 Name 或 FriendlyName 匹配；可填写多个（以空格分隔），使用第一个存在的属性。留空则使用所列的常用名称。',
      },
    },
    attributeField(
      FIELD.attributeExternalId,
      'Permanent id',
      '永久 ID',
      'Empty: the NameID. Otherwise an attribute that never changes for a person, e.g. an employee number or objectGUID; never an e-mail address.',
      '留空则使用 NameID。否则填写一个对每个人永不改变的属性，例如员工编号或 objectGUID；不要使用邮箱地址。',
    ),
    attributeField(
      FIELD.attributeDisplayName,
      'Display name',
      '显示名称',
      'Empty: displayName (urn:oid:2.16.840.1.113730.3.1.241, Microsoft\'s displayname claim), name or cn, else the given name and surname.',
      '留空：displayName（urn:oid:2.16.840.1.113730.3.1.241、Microsoft 的 displayname 声明）、name 或 cn，否则使用名和姓。',
    ),
    attributeField(
      FIELD.attributeUsername,
      'User name',
      '用户名',
      'Empty: uid (urn:oid:0.9.2342.19200300.100.1.1), username or preferred_username.',
      '留空：uid（urn:oid:0.9.2342.19200300.100.1.1）、username 或 preferred_username。',
    ),
    attributeField(
      FIELD.attributeEmail,
      'E-mail',
      '邮箱',
      "Empty: mail (urn:oid:0.9.2342.19200300.100.1.3), urn:oid:1.2.840.113549.1.9.1, Microsoft's emailaddress claim, email; else a NameID of the e-mail format.",
      '留空：mail（urn:oid:0.9.2342.19200300.100.1.3）、urn:oid:1.2.840.113549.1.9.1、Microsoft 的 emailaddress 声明、email；否则使用邮箱格式的 NameID。',
    ),
    attributeField(
      FIELD.attributeGroups,
      'Groups',
      '用户组',
      "Empty: isMemberOf (urn:oid:1.3.6.1.4.1.5923.1.5.1.1), Microsoft's groups or role claim, groups, memberOf, Role (Keycloak's role list).",
      '留空：isMemberOf（urn:oid:1.3.6.1.4.1.5923.1.5.1.1）、Microsoft 的 groups 或 role 声明、groups、memberOf、Role（Keycloak 的角色列表）。',
    ),
    {
      name: FIELD.emailVerified,
      type: 'switch',
      title: { en_US: 'Verified e-mail addresses', zh_CN: '已验证的邮箱地址' },
      label: { en_US: 'The identity provider vouches for e-mail addresses', zh_CN: '身份提供方担保邮箱地址真实有效' },
      description: {
        en_US:
          "SAML has no standard way to say an address was verified. Turn this on only if every address this identity provider sends belongs to the person, e.g. your company directory where people cannot edit their own address. A verified address connects a first sign-in to the existing account with that address: if people could type any address at the identity provider, they could take over that account here. Off: its addresses count as unverified: they never connect to an existing account, and a person new to the site must confirm theirs before an account is made.",
        zh_CN:
          'SAML 没有标准方式表明地址已验证。只有当该身份提供方发送的每个地址都确实属于本人时才开启，例如员工无法自行修改地址的公司目录。已验证的地址会让首次登录关联到本站使用该地址的现有账号：如果人们可以在身份提供方填写任意地址，就能借此接管本站的该账号。关闭时，其地址视为未验证：绝不会据此关联现有账号，新用户须先确认自己的地址才会创建账号。',
      },
      default: false,
    },

    { name: 'legend_button', type: 'legend', title: { en_US: 'Sign-in button', zh_CN: '登录按钮' } },
    {
      name: FIELD.buttonLabel,
      type: 'input',
      title: { en_US: 'Provider name on the button', zh_CN: '按钮上的身份提供方名称' },
      description: {
        en_US: 'The name alone: the button reads "Continue with …" around it, e.g. Corp SSO. Empty: "SSO", in the reader\'s language.',
        zh_CN: '只填名称：按钮会显示为“使用 … 继续”，例如“公司单点登录”。留空则为“单点登录”，以读者的语言显示。',
      },
      placeholder: 'SSO',
      default: '',
      maxLength: MAX_LABEL_LENGTH,
    },
  ],
  validate: validateConfig,
};
