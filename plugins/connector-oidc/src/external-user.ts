import type { ExternalUser } from '@answer/plugin-sdk';
import { SignInError } from './errors.js';
import { readPath } from './json-path.js';
import type { ClaimPaths } from './presets.js';

/** Bounds on what a provider says: generous for real names, small enough that nothing grows without limit. */
export const LIMITS = { id: 128, name: 100, username: 100, email: 254, picture: 2048, group: 200, groups: 100 } as const;

// C0 and C1 controls, line separators and bidirectional overrides: never part of a name; they
// corrupt logs and pages, and an override makes a name display as something else.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
// A deliverable address: a plain local part and a host name of letters, digits and hyphens.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Text without control characters, trimmed and cut to `max` characters (whole code points), or undefined. */
function boundedText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(CONTROLS, '').trim();
  return cleaned ? Array.from(cleaned).slice(0, max).join('') : undefined;
}

/**
 * The permanent id, as given: never trimmed or cut, since two people must never end up with the
 * same id. GitHub's numeric ids become text.
 */
function externalIdOf(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && value && value.length <= LIMITS.id && value === value.trim() && !CONTROL.test(value)) return value;
  throw new SignInError('the provider gave no usable permanent id');
}

export function emailOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= LIMITS.email && EMAIL.test(value) ? value : undefined;
}

/** Only a real `true` vouches for an address (some providers send the text "true"). */
const isTrue = (value: unknown): boolean => value === true || value === 'true';

function pictureOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LIMITS.picture) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Group names as given, deduplicated; an over-long one is dropped, not cut (a cut name could match another group's rule). */
function groupsOf(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const groups = list.filter((g): g is string => typeof g === 'string' && g.trim() !== '' && g.length <= LIMITS.group && !CONTROL.test(g));
  return groups.length ? [...new Set(groups)].slice(0, LIMITS.groups) : undefined;
}

export interface VerifiedEmail {
  email: string;
  verified: boolean;
}

/**
 * The person the provider describes, read through the admin's claim paths and checked field by
 * field: a field that fails its check is left out rather than refusing the sign-in, except the
 * permanent id, without which there is nobody to sign in. `email` replaces the claim when the
 * provider has a separate, more reliable source (GitHub's e-mail addresses).
 */
export function toExternalUser(data: unknown, paths: ClaimPaths, provider: string, email?: VerifiedEmail): ExternalUser {
  const externalId = externalIdOf(readPath(data, paths.subject));
  const address = email ? emailOf(email.email) : emailOf(readPath(data, paths.email));
  const user: ExternalUser = { externalId, metaInfo: JSON.stringify({ provider, subject: externalId }) };
  const displayName = boundedText(readPath(data, paths.name), LIMITS.name);
  const username = boundedText(readPath(data, paths.username), LIMITS.username);
  const avatar = pictureOf(readPath(data, paths.picture));
  const groups = groupsOf(readPath(data, paths.groups));
  if (displayName) user.displayName = displayName;
  if (username) user.username = username;
  if (address) {
    user.email = address;
    user.emailVerified = email ? email.verified : isTrue(readPath(data, paths.emailVerified));
  }
  if (avatar) user.avatar = avatar;
  if (groups) user.groups = groups;
  return user;
}
