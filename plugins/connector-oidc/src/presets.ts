import type { Translatable } from '@answer/plugin-sdk';
import type { IconId } from './icons.js';

export type Mode = 'oidc' | 'oauth2';
export type PresetId = 'custom' | 'google' | 'microsoft' | 'gitlab' | 'keycloak' | 'authentik' | 'github';

/**
 * Where each field of the person is read from: an OIDC claim name, or a dot path into the OAuth 2
 * user-info JSON (`data.user.id`). '' means the provider has no such field.
 */
export interface ClaimPaths {
  subject: string;
  name: string;
  username: string;
  email: string;
  emailVerified: string;
  picture: string;
  groups: string;
}

/** What choosing a provider fills in for every field the admin leaves empty. */
export interface Preset {
  id: PresetId;
  /** The mode the provider is used in; the custom preset fits both. */
  mode: Mode | 'any';
  /** The option's label in the form. */
  title: Translatable;
  /** The provider's name on the sign-in button, bare: clients show "Continue with {name}". */
  label: Translatable;
  icon: IconId;
  /** A fixed issuer (a provider with one address for everybody); others need the admin's own. */
  issuer?: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  /** GitHub's list of a person's addresses, the only place it says which one is verified. */
  emailsUrl?: string;
  scopes: string;
  claims: ClaimPaths;
}

/** The standard OIDC claims (OpenID Connect Core 5.1) plus the `groups` claim most providers use. */
export const STANDARD_CLAIMS: ClaimPaths = {
  subject: 'sub',
  name: 'name',
  username: 'preferred_username',
  email: 'email',
  emailVerified: 'email_verified',
  picture: 'picture',
  groups: 'groups',
};

export const OIDC_SCOPES = 'openid profile email';

const custom = (mode: Mode): Preset => ({
  id: 'custom',
  mode: 'any',
  title: { en_US: 'Custom', zh_CN: '自定义' },
  label: { en_US: 'SSO', zh_CN: '单点登录' },
  icon: 'key',
  // A plain OAuth 2 provider has no standard scopes: its documentation names them.
  scopes: mode === 'oidc' ? OIDC_SCOPES : '',
  claims: STANDARD_CLAIMS,
});

const PRESETS: Preset[] = [
  {
    id: 'google',
    mode: 'oidc',
    title: 'Google',
    label: 'Google',
    icon: 'google',
    issuer: 'https://accounts.google.com',
    scopes: OIDC_SCOPES,
    // Google has no user name or groups claims; the host derives a user name from the rest.
    claims: { ...STANDARD_CLAIMS, username: '', groups: '' },
  },
  {
    id: 'microsoft',
    mode: 'oidc',
    title: 'Microsoft Entra ID',
    label: 'Microsoft',
    icon: 'microsoft',
    // No issuer: each tenant has its own (the multi-tenant /common endpoint has no single issuer).
    scopes: OIDC_SCOPES,
    // Entra's `email` is whatever the directory holds and it sends no `email_verified`: the
    // address is never taken as verified (binding by an unverified address hands over accounts).
    claims: { ...STANDARD_CLAIMS, emailVerified: '', picture: '' },
  },
  {
    id: 'gitlab',
    mode: 'oidc',
    title: 'GitLab',
    label: 'GitLab',
    icon: 'gitlab',
    issuer: 'https://gitlab.com',
    scopes: OIDC_SCOPES,
    // GitLab's user name is `nickname`; `groups` (full paths) comes from its user-info endpoint.
    claims: { ...STANDARD_CLAIMS, username: 'nickname' },
  },
  {
    id: 'keycloak',
    mode: 'oidc',
    title: 'Keycloak',
    label: 'Keycloak',
    icon: 'keycloak',
    scopes: OIDC_SCOPES,
    // `groups` needs Keycloak's group membership mapper; realm roles are at realm_access.roles.
    claims: STANDARD_CLAIMS,
  },
  {
    id: 'authentik',
    mode: 'oidc',
    title: 'Authentik',
    label: 'Authentik',
    icon: 'authentik',
    scopes: OIDC_SCOPES,
    claims: STANDARD_CLAIMS,
  },
  {
    id: 'github',
    mode: 'oauth2',
    title: 'GitHub',
    label: 'GitHub',
    icon: 'github',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scopes: 'read:user user:email',
    // `id` is GitHub's numeric, permanent account id; `login` can be renamed.
    claims: { subject: 'id', name: 'name', username: 'login', email: 'email', emailVerified: '', picture: 'avatar_url', groups: '' },
  },
];

export const PRESET_IDS: PresetId[] = ['custom', ...PRESETS.map((p) => p.id)];

/** The options of the form's preset field. */
export const presetOptions = (): { value: PresetId; title: Translatable }[] => [{ value: 'custom', title: custom('oidc').title }, ...PRESETS.map((p) => ({ value: p.id, title: p.title }))];

/** The preset for a saved value (an unknown one is custom), in the given mode. */
export function presetFor(id: unknown, mode: Mode): Preset {
  return PRESETS.find((p) => p.id === id) ?? custom(mode);
}
