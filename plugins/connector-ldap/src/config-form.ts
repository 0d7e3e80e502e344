import type { ConfigFieldSpec, ConfigForm } from '@answer/plugin-sdk';
import { DEFAULT_BUTTON_LABEL_EN, FIELD } from './settings.js';
import { validateConfig } from './validation.js';

const legend = (name: string, en_US: string, zh_CN: string): ConfigFieldSpec => ({ name, type: 'legend', title: { en_US, zh_CN } });

/** An input left empty takes the preset's value, which its description names. */
const attributeField = (name: string, en: string, zh: string, openldap: string, ad: string): ConfigFieldSpec => ({
  name,
  type: 'input',
  title: { en_US: en, zh_CN: zh },
  description: {
    en_US: `Empty: the preset's attribute (OpenLDAP and custom: ${openldap}; Active Directory: ${ad}).`,
    zh_CN: `留空则使用预设的属性（OpenLDAP 和自定义：${openldap}；Active Directory：${ad}）。`,
  },
  placeholder: openldap,
  default: '',
  maxLength: 128,
});

/** The admin's form (`/admin/ldap`). */
export const configForm: ConfigForm = {
  fields: [
    legend('legend_connection', 'Directory', '目录服务器'),
    {
      name: FIELD.preset,
      type: 'select',
      title: { en_US: 'Directory type', zh_CN: '目录类型' },
      description: {
        en_US: 'Chooses the filter, attributes and rules used for every field below that is left empty or on "automatic".',
        zh_CN: '决定下方留空或设为“自动”的字段所使用的过滤器、属性和规则。',
      },
      options: [
        { value: 'openldap', label: 'OpenLDAP' },
        { value: 'ad', label: 'Active Directory' },
        { value: 'custom', label: { en_US: 'Custom', zh_CN: '自定义' } },
      ],
      default: 'openldap',
    },
    {
      name: FIELD.url,
      type: 'input',
      title: { en_US: 'Server URL', zh_CN: '服务器 URL' },
      description: {
        en_US: 'ldaps://host:636 (encrypted from the start) or ldap://host:389 (use StartTLS below to encrypt).',
        zh_CN: 'ldaps://host:636（从连接起即加密）或 ldap://host:389（可在下方启用 StartTLS 加密）。',
      },
      placeholder: 'ldaps://ldap.example.com:636',
      required: true,
      maxLength: 512,
    },
    {
      name: FIELD.startTls,
      type: 'switch',
      title: { en_US: 'StartTLS', zh_CN: 'StartTLS' },
      label: { en_US: 'Encrypt an ldap:// connection with StartTLS before signing in', zh_CN: '在登录前使用 StartTLS 加密 ldap:// 连接' },
      description: {
        en_US: 'Without StartTLS or ldaps://, passwords cross the network in clear text.',
        zh_CN: '不使用 StartTLS 或 ldaps:// 时，密码会以明文在网络上传输。',
      },
      default: false,
    },
    {
      name: FIELD.verifyCertificate,
      type: 'switch',
      title: { en_US: 'Verify the server certificate', zh_CN: '验证服务器证书' },
      label: { en_US: "Check the directory's certificate and host name", zh_CN: '检查目录服务器的证书和主机名' },
      description: {
        en_US: 'Turn off only to try things out: anyone between this site and the directory could then read the passwords.',
        zh_CN: '仅在测试时关闭：关闭后，本站与目录之间的任何人都可能读取密码。',
      },
      default: true,
    },
    {
      name: FIELD.caCertificate,
      type: 'textarea',
      title: { en_US: 'CA certificate (PEM)', zh_CN: 'CA 证书（PEM）' },
      description: {
        en_US: "For a directory whose certificate comes from your own CA: paste the CA's certificate(s). Empty: the system's trusted CAs.",
        zh_CN: '目录服务器的证书由自建 CA 签发时，请粘贴该 CA 的证书（可多个）。留空则使用系统信任的 CA。',
      },
      placeholder: '-----BEGIN CERTIFICATE-----',
      rows: 5,
      default: '',
      maxLength: 50_000,
    },

    legend('legend_account', 'Service account', '服务账号'),
    {
      name: FIELD.bindDn,
      type: 'input',
      title: { en_US: 'Bind DN', zh_CN: '绑定 DN' },
      description: {
        en_US: 'The read-only account that searches for people, e.g. cn=answer,ou=services,dc=example,dc=com (Active Directory also takes answer@example.com).',
        zh_CN: '用于搜索人员的只读账号，例如 cn=answer,ou=services,dc=example,dc=com（Active Directory 也可使用 answer@example.com）。',
      },
      required: true,
      maxLength: 1024,
    },
    {
      name: FIELD.bindPassword,
      type: 'input',
      inputType: 'password',
      title: { en_US: 'Bind password', zh_CN: '绑定密码' },
      secret: true,
      required: true,
      maxLength: 1024,
    },

    legend('legend_people', 'People', '人员'),
    {
      name: FIELD.baseDn,
      type: 'input',
      title: { en_US: 'Base DN', zh_CN: '基准 DN' },
      description: { en_US: 'Where people are searched (with everything below it), e.g. ou=people,dc=example,dc=com.', zh_CN: '搜索人员的位置（包括其下所有层级），例如 ou=people,dc=example,dc=com。' },
      placeholder: 'dc=example,dc=com',
      required: true,
      maxLength: 1024,
    },
    {
      name: FIELD.userFilter,
      type: 'input',
      title: { en_US: 'User filter', zh_CN: '用户过滤器' },
      description: {
        en_US: 'Finds the person by the name typed at sign-in, which replaces {username} (escaped). Empty: (uid={username}); Active Directory: (sAMAccountName={username}).',
        zh_CN: '按登录时输入的名称查找人员，该名称（经转义后）替换 {username}。留空则为 (uid={username})；Active Directory 为 (sAMAccountName={username})。',
      },
      placeholder: '(uid={username})',
      default: '',
      maxLength: 1024,
    },
    attributeField(FIELD.attrExternalId, 'External id attribute', '外部 ID 属性', 'entryUUID', 'objectGUID'),
    {
      name: FIELD.idFormat,
      type: 'select',
      title: { en_US: 'External id format', zh_CN: '外部 ID 格式' },
      description: {
        en_US: 'Automatic: binary ids (objectGUID, objectSid) as hex, everything else as text. Changing it later breaks the links of people who signed in before.',
        zh_CN: '自动：二进制 ID（objectGUID、objectSid）以十六进制表示，其他按文本处理。之后再更改会使此前登录过的人员无法对应到原账号。',
      },
      options: [
        { value: 'auto', label: { en_US: 'Automatic', zh_CN: '自动' } },
        { value: 'text', label: { en_US: 'Text', zh_CN: '文本' } },
        { value: 'hex', label: { en_US: 'Binary, as hex', zh_CN: '二进制（十六进制表示）' } },
      ],
      default: 'auto',
    },
    attributeField(FIELD.attrUsername, 'Username attribute', '用户名属性', 'uid', 'sAMAccountName'),
    attributeField(FIELD.attrDisplayName, 'Display name attribute', '显示名称属性', 'cn', 'displayName'),
    attributeField(FIELD.attrEmail, 'E-mail attribute', '电子邮箱属性', 'mail', 'mail'),
    {
      name: FIELD.emailVerified,
      type: 'switch',
      title: { en_US: 'Verified e-mail addresses', zh_CN: '已验证的电子邮箱' },
      label: { en_US: "The directory's e-mail addresses are verified", zh_CN: '目录中的电子邮箱地址均已验证' },
      description: {
        en_US: 'On: a company directory vouches for its addresses, so people are not asked to confirm them. Turn off if people can set their own.',
        zh_CN: '开启：公司目录为其中的地址作保，因此不再要求人员确认邮箱。若人员可以自行修改邮箱，请关闭。',
      },
      default: true,
    },

    legend('legend_disabled', 'Disabled accounts', '已停用账号'),
    {
      name: FIELD.disabledRule,
      type: 'select',
      title: { en_US: 'Refuse disabled entries', zh_CN: '拒绝已停用的条目' },
      description: {
        en_US: 'Automatic: OpenLDAP refuses entries with pwdAccountLockedTime, Active Directory those with the userAccountControl "disabled" flag, custom none.',
        zh_CN: '自动：OpenLDAP 拒绝带有 pwdAccountLockedTime 的条目，Active Directory 拒绝 userAccountControl 中带“已停用”标志的条目，自定义不拒绝。',
      },
      options: [
        { value: 'auto', label: { en_US: 'Automatic (by directory type)', zh_CN: '自动（按目录类型）' } },
        { value: 'none', label: { en_US: 'Never', zh_CN: '从不' } },
        { value: 'ad_uac', label: { en_US: 'Active Directory userAccountControl flag', zh_CN: 'Active Directory 的 userAccountControl 标志' } },
        { value: 'attribute', label: { en_US: 'An attribute (below)', zh_CN: '按属性（见下方）' } },
      ],
      default: 'auto',
    },
    {
      name: FIELD.disabledAttribute,
      type: 'input',
      title: { en_US: 'Disabled attribute', zh_CN: '停用标记属性' },
      description: {
        en_US: 'With "An attribute": the entry is disabled when it has this attribute, e.g. pwdAccountLockedTime, or when it has the value below, e.g. loginDisabled.',
        zh_CN: '选择“按属性”时：条目带有此属性（例如 pwdAccountLockedTime），或此属性等于下方的值（例如 loginDisabled）时视为已停用。',
      },
      placeholder: 'pwdAccountLockedTime',
      default: '',
      maxLength: 128,
    },
    {
      name: FIELD.disabledValue,
      type: 'input',
      title: { en_US: 'Disabled value', zh_CN: '停用标记值' },
      description: { en_US: 'e.g. TRUE (compared without regard to case). Empty: any value disables.', zh_CN: '例如 TRUE（比较时不区分大小写）。留空则任意值都视为已停用。' },
      default: '',
      maxLength: 256,
    },

    legend('legend_groups', 'Groups', '群组'),
    {
      name: FIELD.groupSource,
      type: 'select',
      title: { en_US: 'Group membership', zh_CN: '群组成员关系' },
      description: {
        en_US: "Groups are given to the site for its group-to-role rules. Automatic: Active Directory and custom read memberOf; OpenLDAP searches the groups.",
        zh_CN: '群组会提供给本站，用于群组到角色的映射规则。自动：Active Directory 和自定义读取 memberOf；OpenLDAP 搜索群组。',
      },
      options: [
        { value: 'auto', label: { en_US: 'Automatic (by directory type)', zh_CN: '自动（按目录类型）' } },
        { value: 'none', label: { en_US: 'None', zh_CN: '不读取' } },
        { value: 'member_of', label: { en_US: "The person's memberOf attribute", zh_CN: '人员条目的 memberOf 属性' } },
        { value: 'search', label: { en_US: 'Search the groups (below)', zh_CN: '搜索群组（见下方）' } },
      ],
      default: 'auto',
    },
    {
      name: FIELD.groupBaseDn,
      type: 'input',
      title: { en_US: 'Group base DN', zh_CN: '群组基准 DN' },
      description: { en_US: 'Where groups are searched. Empty: the base DN.', zh_CN: '搜索群组的位置。留空则使用基准 DN。' },
      placeholder: 'ou=groups,dc=example,dc=com',
      default: '',
      maxLength: 1024,
    },
    {
      name: FIELD.groupFilter,
      type: 'input',
      title: { en_US: 'Group filter', zh_CN: '群组过滤器' },
      description: {
        en_US: "{dn} is the person's DN, {username} their username. Empty: (member={dn}); posixGroup: (memberUid={username}); nested AD groups: (member:1.2.840.113556.1.4.1941:={dn}).",
        zh_CN: '{dn} 为人员的 DN，{username} 为其用户名。留空则为 (member={dn})；posixGroup 用 (memberUid={username})；AD 嵌套群组用 (member:1.2.840.113556.1.4.1941:={dn})。',
      },
      placeholder: '(member={dn})',
      default: '',
      maxLength: 1024,
    },
    {
      name: FIELD.groupName,
      type: 'radio',
      title: { en_US: 'Group names', zh_CN: '群组名称' },
      options: [
        { value: 'cn', label: { en_US: 'The name (cn=Developers,ou=groups,... gives Developers)', zh_CN: '名称（cn=Developers,ou=groups,... 得到 Developers）' } },
        { value: 'dn', label: { en_US: 'The whole DN', zh_CN: '完整 DN' } },
      ],
      default: 'cn',
    },

    legend('legend_button', 'Sign-in', '登录'),
    {
      name: FIELD.buttonLabel,
      type: 'input',
      title: { en_US: 'Directory name on the login form', zh_CN: '登录表单上的目录名称' },
      description: {
        en_US: 'The name alone: the login form reads "Sign in with …" around it, e.g. ACME ID. The default name is shown in the reader\'s own language.',
        zh_CN: '只填名称：登录表单会显示为“使用 … 登录”，例如“ACME ID”。默认名称会以读者所用语言显示。',
      },
      default: DEFAULT_BUTTON_LABEL_EN,
      maxLength: 80,
    },
    {
      name: FIELD.testConnection,
      type: 'button',
      title: { en_US: 'Connection', zh_CN: '连接' },
      description: {
        en_US: 'Binds with the service account and searches the base DN, with the saved settings: save first.',
        zh_CN: '使用已保存的设置以服务账号绑定并搜索基准 DN：请先保存。',
      },
      text: { en_US: 'Test connection', zh_CN: '测试连接' },
      variant: 'outline-secondary',
      action: { path: '/test', method: 'POST', loadingText: { en_US: 'Testing…', zh_CN: '测试中…' }, toastReturnMessage: true },
    },
  ],
  validate: validateConfig,
};
