import { X509Certificate } from 'node:crypto';
import type { ConfigValues, FieldError, Translatable } from '@answer/plugin-sdk';
import { isValidFilter } from './filters.js';
import { PRESETS, isPresetName } from './presets.js';
import { FIELD, text } from './settings.js';

/** An ldap:// or ldaps:// address of a server: host and port only (ldapts ignores anything more). */
export function isLdapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'ldap:' || url.protocol === 'ldaps:') &&
    url.hostname !== '' &&
    !url.username &&
    !url.password &&
    (url.pathname === '' || url.pathname === '/') &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

const ATTRIBUTE = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)(?:;[A-Za-z0-9-]+)*$/;

/** An attribute description: a name or an OID, with options (`objectGUID`, `cn;lang-en`). */
export const isAttributeName = (value: string): boolean => ATTRIBUTE.test(value);

/** `cn=admin,dc=example,dc=com`: every comma-separated part an `attribute=value` (escaped commas kept). */
export function looksLikeDn(value: string): boolean {
  const parts = value.split(/(?<!\\),/);
  return parts.every((part) => {
    const equals = part.indexOf('=');
    return equals > 0 && isAttributeName(part.slice(0, equals).trim()) && part.slice(equals + 1).trim() !== '';
  });
}

/** A PEM text of one or more certificates that all parse. */
export function isCertificatePem(pem: string): boolean {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!blocks) return false;
  try {
    for (const block of blocks) new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
}

/** The checks beyond each field's own rules (ConfigForm.validate): every problem, by field. */
export function validateConfig(values: ConfigValues): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: Translatable) => errors.push({ field, message });
  const chosen = values[FIELD.preset];
  const preset = PRESETS[isPresetName(chosen) ? chosen : 'openldap'];

  const url = text(values[FIELD.url]);
  if (!isLdapUrl(url)) {
    fail(FIELD.url, {
      en_US: 'Enter an ldap:// or ldaps:// address with the server and, if not the usual one, the port, e.g. ldaps://ldap.example.com:636.',
      zh_CN: '请输入以 ldap:// 或 ldaps:// 开头的地址，包含服务器及（非默认时的）端口，例如 ldaps://ldap.example.com:636。',
    });
  } else if (values[FIELD.startTls] === true && /^ldaps:/i.test(url)) {
    fail(FIELD.startTls, {
      en_US: 'StartTLS is for ldap:// addresses; ldaps:// is encrypted from the start. Turn one of them off.',
      zh_CN: 'StartTLS 仅用于 ldap:// 地址；ldaps:// 从一开始就是加密的。请关闭其中之一。',
    });
  }

  const ca = text(values[FIELD.caCertificate]);
  if (ca && !isCertificatePem(ca)) {
    fail(FIELD.caCertificate, {
      en_US: 'Paste one or more certificates in PEM form, each from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
      zh_CN: '请粘贴一个或多个 PEM 格式的证书，每个从 -----BEGIN CERTIFICATE----- 开始到 -----END CERTIFICATE----- 结束。',
    });
  }

  // Active Directory also takes user@domain and DOMAIN\user as bind names.
  const bindDn = text(values[FIELD.bindDn]);
  if (!bindDn || !(looksLikeDn(bindDn) || /^[^\s@]+@[^\s@]+$/.test(bindDn) || /^[^\s\\]+\\[^\s\\]+$/.test(bindDn))) {
    fail(FIELD.bindDn, {
      en_US: "Enter the service account's DN, e.g. cn=answer,ou=services,dc=example,dc=com (Active Directory also takes answer@example.com).",
      zh_CN: '请输入服务账号的 DN，例如 cn=answer,ou=services,dc=example,dc=com（Active Directory 也可使用 answer@example.com）。',
    });
  }
  // An empty password would make the service bind anonymous, which "succeeds" and then finds nothing.
  if (!text(values[FIELD.bindPassword])) fail(FIELD.bindPassword, { en_US: "Enter the service account's password.", zh_CN: '请输入服务账号的密码。' });

  const baseDn = text(values[FIELD.baseDn]);
  if (!baseDn || !looksLikeDn(baseDn)) {
    fail(FIELD.baseDn, { en_US: 'Enter the DN under which people are searched, e.g. ou=people,dc=example,dc=com.', zh_CN: '请输入搜索人员的基准 DN，例如 ou=people,dc=example,dc=com。' });
  }

  const userFilter = text(values[FIELD.userFilter]);
  if (userFilter && !userFilter.includes('{username}')) {
    fail(FIELD.userFilter, { en_US: 'The filter must contain {username}, e.g. (uid={username}).', zh_CN: '过滤器必须包含 {username}，例如 (uid={username})。' });
  } else if (userFilter && !isValidFilter(userFilter)) {
    fail(FIELD.userFilter, { en_US: 'This is not a valid LDAP filter: check the parentheses, e.g. (&(objectClass=person)(uid={username})).', zh_CN: '这不是有效的 LDAP 过滤器：请检查括号，例如 (&(objectClass=person)(uid={username}))。' });
  }

  for (const field of [FIELD.attrExternalId, FIELD.attrUsername, FIELD.attrDisplayName, FIELD.attrEmail, FIELD.disabledAttribute]) {
    const name = text(values[field]);
    if (name && !isAttributeName(name)) fail(field, { en_US: 'Enter an attribute name such as mail or objectGUID.', zh_CN: '请输入属性名，例如 mail 或 objectGUID。' });
  }

  const disabledRule = values[FIELD.disabledRule];
  if (disabledRule === 'attribute' && !text(values[FIELD.disabledAttribute]) && !preset.disabledAttribute) {
    fail(FIELD.disabledAttribute, { en_US: 'Enter the attribute that marks a disabled entry, e.g. loginDisabled.', zh_CN: '请输入标记已停用条目的属性，例如 loginDisabled。' });
  }

  const groupBaseDn = text(values[FIELD.groupBaseDn]);
  if (groupBaseDn && !looksLikeDn(groupBaseDn)) {
    fail(FIELD.groupBaseDn, { en_US: 'Enter a DN, e.g. ou=groups,dc=example,dc=com, or leave it empty to search under the base DN.', zh_CN: '请输入 DN，例如 ou=groups,dc=example,dc=com；留空则在基准 DN 下搜索。' });
  }
  const groupFilter = text(values[FIELD.groupFilter]);
  if (groupFilter && !groupFilter.includes('{dn}') && !groupFilter.includes('{username}')) {
    fail(FIELD.groupFilter, { en_US: 'The filter must contain {dn} or {username}, e.g. (member={dn}).', zh_CN: '过滤器必须包含 {dn} 或 {username}，例如 (member={dn})。' });
  } else if (groupFilter && !isValidFilter(groupFilter)) {
    fail(FIELD.groupFilter, { en_US: 'This is not a valid LDAP filter: check the parentheses, e.g. (member={dn}).', zh_CN: '这不是有效的 LDAP 过滤器：请检查括号，例如 (member={dn})。' });
  }
  return errors;
}
