/**
 * What each directory kind uses where the admin leaves a field empty (or a rule on "automatic"):
 * the form cannot refill its fields when the preset changes, so the preset fills the gaps instead.
 */

export type PresetName = 'openldap' | 'ad' | 'custom';

export type DisabledKind = 'none' | 'ad_uac' | 'attribute';
export type GroupSource = 'none' | 'member_of' | 'search';

export interface Preset {
  userFilter: string;
  externalId: string;
  username: string;
  displayName: string;
  email: string;
  disabled: DisabledKind;
  /** With `disabled: 'attribute'`: present means disabled, unless a value is given. */
  disabledAttribute: string;
  groups: GroupSource;
  groupFilter: string;
}

/** `{username}` is the typed name, `{dn}` the person's DN, both escaped (filters.ts). */
export const PRESETS: Record<PresetName, Preset> = {
  openldap: {
    userFilter: '(uid={username})',
    externalId: 'entryUUID',
    username: 'uid',
    displayName: 'cn',
    email: 'mail',
    // Set by the ppolicy overlay when an account is locked.
    disabled: 'attribute',
    disabledAttribute: 'pwdAccountLockedTime',
    // memberOf needs an overlay many OpenLDAP servers lack; groupOfNames entries are always there.
    groups: 'search',
    groupFilter: '(member={dn})',
  },
  ad: {
    userFilter: '(sAMAccountName={username})',
    externalId: 'objectGUID',
    username: 'sAMAccountName',
    displayName: 'displayName',
    email: 'mail',
    disabled: 'ad_uac',
    disabledAttribute: '',
    groups: 'member_of',
    groupFilter: '(member={dn})',
  },
  // Any other directory (389 DS, FreeIPA, OpenDJ...): the generic LDAP names, rules off until chosen.
  custom: {
    userFilter: '(uid={username})',
    externalId: 'entryUUID',
    username: 'uid',
    displayName: 'cn',
    email: 'mail',
    disabled: 'none',
    disabledAttribute: '',
    groups: 'member_of',
    groupFilter: '(member={dn})',
  },
};

export const isPresetName = (value: unknown): value is PresetName => value === 'openldap' || value === 'ad' || value === 'custom';

/**
 * Attributes that hold binary values (16-byte GUIDs, SIDs): an id read from one is given in hex.
 * Their text form would be whatever bytes happen to decode as UTF-8, different from one person to the next.
 */
export const BINARY_ID_ATTRIBUTES = new Set(['objectguid', 'objectsid', 'msds-consistencyguid', 'guid']);
