import { Filter, FilterParser } from 'ldapts';

/**
 * Search filters built from the admin's templates. What a person typed is escaped per RFC 4515
 * before it goes in (`*`, `(`, `)`, `\` and NUL become `\2a`, `\28`...): a name such as
 * `*)(uid=*` then matches only an entry literally called that, never every entry.
 */

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(username|dn)\}/g, (whole, key: string) => (key in values ? Filter.escape(values[key] ?? '') : whole));

/** The filter that finds the person signing in. */
export const userFilter = (template: string, username: string): string => fill(template, { username });

/** The filter that finds the person's groups (`{dn}` their entry's DN, `{username}` their name). */
export const groupFilter = (template: string, person: { dn: string; username: string }): string => fill(template, { dn: person.dn, username: person.username });

/**
 * The filter the connection test searches with: `{username}` as a wildcard, to see whether the
 * filter matches anybody at all. Only ever built from the admin's own template.
 */
export const anyoneFilter = (template: string): string => template.replace(/\{username\}/g, '*');

/** Whether a template parses as an LDAP filter once filled in (checked on save, not at sign-in). */
export function isValidFilter(template: string): boolean {
  // A plain word stands in for each placeholder: ldapts parses a filled-in filter the same way.
  const sample = fill(template, { username: 'sample', dn: 'cn=sample,dc=example,dc=com' });
  if (!sample.startsWith('(') || !sample.endsWith(')')) return false;
  try {
    FilterParser.parseString(sample);
    return true;
  } catch {
    return false;
  }
}
