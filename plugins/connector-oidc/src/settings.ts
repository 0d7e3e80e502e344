import { createHash } from 'node:crypto';
import { type ConfigValues, type Translatable, connectorName } from '@answer/plugin-sdk';
import { builtInIcon } from './icons.js';
import { type ClaimPaths, type Mode, type Preset, presetFor } from './presets.js';

export const SLUG = 'oidc';

// Form field names, shared by the form, the validation and this reader.
export const FIELD = {
  mode: 'mode',
  preset: 'preset',
  buttonLabel: 'button_label',
  iconSvg: 'icon_svg',
  clientId: 'client_id',
  clientSecret: 'client_secret',
  issuer: 'issuer_url',
  useUserinfo: 'use_userinfo',
  authorizeUrl: 'authorize_url',
  tokenUrl: 'token_url',
  userinfoUrl: 'userinfo_url',
  emailsUrl: 'emails_url',
  tokenAuth: 'token_auth_method',
  pkce: 'pkce',
  scopes: 'scopes',
  claimSubject: 'claim_subject',
  claimName: 'claim_name',
  claimUsername: 'claim_username',
  claimEmail: 'claim_email',
  claimEmailVerified: 'claim_email_verified',
  claimPicture: 'claim_picture',
  claimGroups: 'claim_groups',
  ssoOnly: 'sso_only',
  ssoName: 'sso_name',
  accountUrl: 'account_url',
  providerLogout: 'provider_logout',
} as const;

export type TokenAuth = 'client_secret_post' | 'client_secret_basic';

/** The admin's saved form with the preset's values filled in where a field was left empty. */
export interface Settings {
  mode: Mode;
  preset: Preset;
  /** The provider's bare name on the sign-in button ("Continue with {name}"). */
  label: Translatable;
  icon: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  claims: ClaimPaths;
  /** OpenID Connect. */
  issuer: string;
  useUserinfo: boolean;
  /** OAuth 2. */
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  emailsUrl: string;
  tokenAuth: TokenAuth;
  pkce: boolean;
  /** Single sign-on only: the provider is the site's user centre (user-center.ts). */
  ssoOnly: boolean;
  /** The provider's name as people see it ("Log in with {name}"). */
  ssoName: Translatable;
  /** Where people change their name, e-mail and password at the provider ('' for nowhere). */
  accountUrl: string;
  /** Logging out of the site also ends the session at the provider (RP-initiated logout). */
  providerLogout: boolean;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

// A switch may arrive as a boolean or, from a form post, as text; a never-saved one has its default.
const flag = (value: unknown, fallback: boolean): boolean => (value === undefined || value === null || value === '' ? fallback : value === true || value === 'true');

export const modeOf = (values: ConfigValues): Mode => (values[FIELD.mode] === 'oauth2' ? 'oauth2' : 'oidc');

/** Scopes as one space-separated list; OpenID Connect needs `openid`, added when the admin left it out. */
function scopesFor(mode: Mode, value: string): string {
  const scopes = value.split(/\s+/).filter(Boolean);
  if (mode === 'oidc' && !scopes.includes('openid')) scopes.unshift('openid');
  return [...new Set(scopes)].join(' ');
}

export function readSettings(values: ConfigValues): Settings {
  const mode = modeOf(values);
  const preset = presetFor(values[FIELD.preset], mode);
  const or = (field: string, fallback = ''): string => text(values[field]) || fallback;
  return {
    mode,
    preset,
    // A bare name ("Google"); a whole label saved before names were bare loses its "Sign in with".
    label: connectorName(or(FIELD.buttonLabel)) || preset.label,
    icon: or(FIELD.iconSvg) || builtInIcon(preset.icon),
    clientId: or(FIELD.clientId),
    clientSecret: or(FIELD.clientSecret),
    scopes: scopesFor(mode, or(FIELD.scopes, preset.scopes)),
    claims: {
      subject: or(FIELD.claimSubject, preset.claims.subject),
      name: or(FIELD.claimName, preset.claims.name),
      username: or(FIELD.claimUsername, preset.claims.username),
      email: or(FIELD.claimEmail, preset.claims.email),
      emailVerified: or(FIELD.claimEmailVerified, preset.claims.emailVerified),
      picture: or(FIELD.claimPicture, preset.claims.picture),
      groups: or(FIELD.claimGroups, preset.claims.groups),
    },
    issuer: or(FIELD.issuer, preset.issuer),
    useUserinfo: flag(values[FIELD.useUserinfo], true),
    authorizeUrl: or(FIELD.authorizeUrl, preset.authorizeUrl),
    tokenUrl: or(FIELD.tokenUrl, preset.tokenUrl),
    userinfoUrl: or(FIELD.userinfoUrl, preset.userinfoUrl),
    emailsUrl: or(FIELD.emailsUrl, preset.emailsUrl),
    tokenAuth: values[FIELD.tokenAuth] === 'client_secret_basic' ? 'client_secret_basic' : 'client_secret_post',
    pkce: flag(values[FIELD.pkce], true),
    ssoOnly: flag(values[FIELD.ssoOnly], false),
    ssoName: or(FIELD.ssoName) || (preset.id === 'custom' ? { en_US: 'single sign-on', zh_CN: '单点登录' } : preset.title),
    accountUrl: or(FIELD.accountUrl),
    providerLogout: flag(values[FIELD.providerLogout], true),
  };
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Which provider and client a sign-in was started with, hashed into its state: a sign-in started
 * before the admin switched provider is refused instead of being finished against the new one.
 */
export const providerBinding = (settings: Settings): string =>
  sha256(JSON.stringify([settings.mode, settings.issuer, settings.authorizeUrl, settings.tokenUrl, settings.clientId])).slice(0, 32);

/**
 * Who the people's ids belong to (the host's `providerId`): the issuer for OpenID Connect, the
 * service's origin for OAuth 2. Another value behind the same slug means other people.
 */
export function providerIdentity(settings: Settings): string {
  if (settings.mode === 'oidc') return settings.issuer;
  try {
    return new URL(settings.authorizeUrl).origin;
  } catch {
    return '';
  }
}

/** What openid-client's cached configuration was built from; hashed so the secret is not kept in a second readable copy. */
export const discoveryKey = (settings: Settings): string => sha256(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]));
