import type { ExternalUser } from '@answer/plugin-sdk';
import type { Entry } from 'ldapts';
import { bufferNames, distinctNames, hexOf, textOf } from './attributes.js';
import { disabledAttribute } from './disabled.js';
import { MEMBER_OF } from './groups.js';
import type { LdapSettings } from './settings.js';

/** Every attribute a sign-in reads from the person's entry, asked for by name (operational ones come only so). */
export function personAttributes(settings: LdapSettings): { attributes: string[]; explicitBufferAttributes: string[] } {
  const { attributes } = settings;
  const names = [attributes.externalId, attributes.username, attributes.displayName, 'cn', attributes.email, disabledAttribute(settings.disabled) ?? ''];
  if (settings.groups.source === 'member_of') names.push(MEMBER_OF);
  return {
    attributes: distinctNames(names),
    explicitBufferAttributes: settings.idAsHex ? bufferNames(attributes.externalId) : [],
  };
}

/** The entry's name for the person: its username attribute, else what they typed. */
export const usernameOf = (entry: Entry, settings: LdapSettings, typed: string): string => textOf(entry, settings.attributes.username) ?? typed;

/**
 * The person as the host takes them. The id is the entry's stable id attribute, never its DN (which
 * changes when someone moves to another OU) nor the e-mail address.
 */
export function toExternalUser(entry: Entry, settings: LdapSettings, typed: string, groups: string[]): ExternalUser {
  const { attributes } = settings;
  const externalId = settings.idAsHex ? hexOf(entry, attributes.externalId) : textOf(entry, attributes.externalId);
  if (!externalId) throw new Error(`ldap: the entry has no ${attributes.externalId} value to identify the person by; check the external id attribute`);
  const username = usernameOf(entry, settings, typed);
  const email = textOf(entry, attributes.email);
  return {
    externalId,
    username,
    displayName: textOf(entry, attributes.displayName) ?? textOf(entry, 'cn') ?? username,
    ...(email && { email, emailVerified: settings.emailVerified }),
    groups,
    metaInfo: JSON.stringify({ dn: entry.dn }),
  };
}
