import { type ConfigValues, type Translatable, connectorName } from '@answer/plugin-sdk';
import { BINARY_ID_ATTRIBUTES, type DisabledKind, type GroupSource, PRESETS, type PresetName, isPresetName } from './presets.js';

// Form field names, shared by the form, the validation and this reader.
export const FIELD = {
  preset: 'preset',
  url: 'url',
  startTls: 'start_tls',
  verifyCertificate: 'verify_certificate',
  caCertificate: 'ca_certificate',
  bindDn: 'bind_dn',
  bindPassword: 'bind_password',
  baseDn: 'base_dn',
  userFilter: 'user_filter',
  attrExternalId: 'attr_external_id',
  idFormat: 'id_format',
  attrUsername: 'attr_username',
  attrDisplayName: 'attr_display_name',
  attrEmail: 'attr_email',
  emailVerified: 'email_verified',
  disabledRule: 'disabled_rule',
  disabledAttribute: 'disabled_attribute',
  disabledValue: 'disabled_value',
  groupSource: 'group_source',
  groupBaseDn: 'group_base_dn',
  groupFilter: 'group_filter',
  groupName: 'group_name',
  buttonLabel: 'button_label',
  testConnection: 'test_connection',
} as const;

/** The directory's name on the login form, bare: clients show "Sign in with your company account". */
export const DEFAULT_BUTTON_LABEL_EN = 'your company account';
/** The name while the admin keeps the default: in the reader's language. */
export const DEFAULT_BUTTON_LABEL: Translatable = { en_US: DEFAULT_BUTTON_LABEL_EN, zh_CN: '公司账号' };

export type DisabledRule = { kind: 'none' } | { kind: 'ad_uac' } | { kind: 'attribute'; attribute: string; value: string };

export type GroupRule =
  | { source: 'none' }
  | { source: 'member_of'; nameForm: 'cn' | 'dn' }
  | { source: 'search'; baseDn: string; filter: string; nameForm: 'cn' | 'dn' };

/** The admin's saved form with the preset's values filled in where fields were left empty. */
export interface LdapSettings {
  preset: PresetName;
  url: string;
  startTls: boolean;
  verifyCertificate: boolean;
  /** PEM text, '' for the system's CAs. */
  caPem: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  /** Contains `{username}` (validation.ts). */
  userFilter: string;
  attributes: { externalId: string; username: string; displayName: string; email: string };
  /** Whether the external id is the hex of the attribute's bytes (binary GUIDs) rather than its text. */
  idAsHex: boolean;
  emailVerified: boolean;
  disabled: DisabledRule;
  groups: GroupRule;
  buttonLabel: Translatable;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

// A switch may arrive as a boolean or, from a form post, as text; `fallback` is for a value never saved.
const flag = (value: unknown, fallback: boolean): boolean => {
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || value === 'true' || value === 1 || value === '1';
};

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

export function readSettings(values: ConfigValues): LdapSettings {
  const chosen = values[FIELD.preset];
  const preset = isPresetName(chosen) ? chosen : 'openldap';
  const defaults = PRESETS[preset];
  const or = (field: string, fallback: string) => text(values[field]) || fallback;

  const externalId = or(FIELD.attrExternalId, defaults.externalId);
  const idFormat = oneOf(values[FIELD.idFormat], ['auto', 'text', 'hex'] as const, 'auto');

  const disabledChoice = oneOf(values[FIELD.disabledRule], ['auto', 'none', 'ad_uac', 'attribute'] as const, 'auto');
  const disabledKind: DisabledKind = disabledChoice === 'auto' ? defaults.disabled : disabledChoice;
  const disabledAttribute = or(FIELD.disabledAttribute, defaults.disabledAttribute);
  const disabled: DisabledRule =
    disabledKind === 'attribute' && disabledAttribute
      ? { kind: 'attribute', attribute: disabledAttribute, value: text(values[FIELD.disabledValue]) }
      : disabledKind === 'ad_uac'
        ? { kind: 'ad_uac' }
        : { kind: 'none' };

  const baseDn = text(values[FIELD.baseDn]);
  const nameForm = values[FIELD.groupName] === 'dn' ? 'dn' : 'cn';
  const sourceChoice = oneOf(values[FIELD.groupSource], ['auto', 'none', 'member_of', 'search'] as const, 'auto');
  const source: GroupSource = sourceChoice === 'auto' ? defaults.groups : sourceChoice;
  const groups: GroupRule =
    source === 'search'
      ? { source, baseDn: or(FIELD.groupBaseDn, baseDn), filter: or(FIELD.groupFilter, defaults.groupFilter), nameForm }
      : source === 'member_of'
        ? { source, nameForm }
        : { source: 'none' };

  // A whole label saved before names were bare (the old default "Sign in with your company
  // account" among them) loses its wording, so the old default is the translated default again.
  const label = connectorName(text(values[FIELD.buttonLabel]));
  const bindPassword = values[FIELD.bindPassword];
  return {
    preset,
    url: text(values[FIELD.url]),
    startTls: flag(values[FIELD.startTls], false),
    // On unless the admin turned it off: a directory's certificate is checked by default.
    verifyCertificate: flag(values[FIELD.verifyCertificate], true),
    caPem: text(values[FIELD.caCertificate]),
    bindDn: text(values[FIELD.bindDn]),
    // The host trims what it stores; a password is never changed here beyond that.
    bindPassword: typeof bindPassword === 'string' ? bindPassword : '',
    baseDn,
    userFilter: or(FIELD.userFilter, defaults.userFilter),
    attributes: {
      externalId,
      username: or(FIELD.attrUsername, defaults.username),
      displayName: or(FIELD.attrDisplayName, defaults.displayName),
      email: or(FIELD.attrEmail, defaults.email),
    },
    idAsHex: idFormat === 'hex' || (idFormat === 'auto' && BINARY_ID_ATTRIBUTES.has(externalId.toLowerCase().replace(/;.*$/, ''))),
    emailVerified: flag(values[FIELD.emailVerified], true),
    disabled,
    groups,
    buttonLabel: !label || label === DEFAULT_BUTTON_LABEL_EN ? DEFAULT_BUTTON_LABEL : label,
  };
}
