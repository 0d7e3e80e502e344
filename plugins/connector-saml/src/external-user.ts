import type { ExternalUser } from '@answer/plugin-sdk';
import { type VerifiedAssertion, valuesOf } from './assertion.js';
import { SignInError } from './errors.js';
import { NAME_ID_FORMATS, type Settings } from './settings.js';

/** Bounds on what an identity provider says: generous for real names, small enough that nothing grows without limit. */
export const LIMITS = { id: 128, name: 100, username: 100, email: 254, group: 200, groups: 100 } as const;

// C0 and C1 controls, line separators and bidirectional overrides: never part of a name; they
// corrupt logs and pages, and an override makes a name display as something else.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
// A deliverable address: a plain local part and a host name of letters, digits and hyphens.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Text without control characters, whitespace collapsed, cut to `max` characters (whole code points), or undefined. */
function boundedText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return cleaned ? Array.from(cleaned).slice(0, max).join('') : undefined;
}

/**
 * The permanent id: the NameID, or the admin's attribute. Never cut or changed, since two people
 * must never end up with the same id; one that does not fit is refused. A transient NameID is a
 * new value at every sign-in, so it cannot find anybody again.
 */
function externalIdOf(assertion: VerifiedAssertion, settings: Settings): string {
  let value: string | undefined;
  if (settings.attributes.externalId.length) {
    const values = valuesOf(assertion.attributes, settings.attributes.externalId);
    if (values.length > 1) throw new SignInError('the attribute chosen as the permanent id has several values');
    value = values[0];
  } else {
    if (assertion.nameIdFormat === NAME_ID_FORMATS.transient) {
      throw new SignInError('the NameID is transient (a new value at each sign-in): ask the identity provider for a persistent NameID, or choose an attribute as the permanent id');
    }
    value = assertion.nameId;
  }
  if (!value || value.length > LIMITS.id || CONTROL.test(value)) throw new SignInError('the identity provider gave no usable permanent id');
  return value;
}

const emailOf = (value: string | undefined): string | undefined => (value && value.length <= LIMITS.email && EMAIL.test(value) ? value : undefined);

/** Group names as given, deduplicated; an over-long one is dropped, not cut (a cut name could match another group's rule). */
function groupsOf(values: string[]): string[] | undefined {
  const groups = values.filter((g) => g.length <= LIMITS.group && !CONTROL.test(g));
  return groups.length ? [...new Set(groups)].slice(0, LIMITS.groups) : undefined;
}

/**
 * The person the assertion describes, through the admin's attribute mapping, each field checked:
 * a field that fails its check is left out rather than refusing the sign-in, except the permanent
 * id, without which there is nobody to sign in. SAML has no standard "verified" flag for an
 * address: it counts as verified only when the admin said the IdP vouches for its addresses.
 */
export function toExternalUser(assertion: VerifiedAssertion, settings: Settings): ExternalUser {
  const { attributes: names } = settings;
  const externalId = externalIdOf(assertion, settings);
  const user: ExternalUser = { externalId, metaInfo: JSON.stringify({ provider: 'saml', idp: assertion.issuer, subject: externalId }) };

  const [displayName] = valuesOf(assertion.attributes, names.displayName);
  const [given] = valuesOf(assertion.attributes, names.givenName);
  const [surname] = valuesOf(assertion.attributes, names.surname);
  const name = boundedText(displayName ?? ([given, surname].filter(Boolean).join(' ') || undefined), LIMITS.name);
  if (name) user.displayName = name;

  const username = boundedText(valuesOf(assertion.attributes, names.username)[0], LIMITS.username);
  if (username) user.username = username;

  // A NameID in the e-mail format is an address too, when no attribute gives one.
  const emailNameId = assertion.nameIdFormat === NAME_ID_FORMATS.email ? assertion.nameId : undefined;
  const email = emailOf(valuesOf(assertion.attributes, names.email)[0] ?? emailNameId);
  if (email) {
    user.email = email;
    user.emailVerified = settings.emailVerified;
  }

  const groups = groupsOf(valuesOf(assertion.attributes, names.groups));
  if (groups) user.groups = groups;
  return user;
}
