import type { Entry } from 'ldapts';
import { valuesOf } from './attributes.js';
import type { Directory } from './connection.js';
import { firstRdnValue } from './dn.js';
import { groupFilter } from './filters.js';
import type { GroupRule } from './settings.js';

export const MEMBER_OF = 'memberOf';

/** More groups than anyone belongs to; a directory's own size limit may cut earlier, which is accepted. */
const MAX_GROUPS = 1000;

/** Group names as the host maps them to roles: each group's name (its first RDN's value) or whole DN. */
export function groupNames(dns: string[], nameForm: 'cn' | 'dn'): string[] {
  const names = dns.map((dn) => dn.trim()).filter(Boolean).map((dn) => (nameForm === 'dn' ? dn : firstRdnValue(dn)));
  return [...new Set(names)];
}

/**
 * The person's groups by the rule: from their entry's memberOf, or by searching the groups that
 * name them. A search runs with the service account's rights (the caller binds it again first).
 */
export async function groupsOf(directory: Directory, rule: GroupRule, person: { entry: Entry; username: string }): Promise<string[]> {
  if (rule.source === 'none') return [];
  if (rule.source === 'member_of') {
    const dns = valuesOf(person.entry, MEMBER_OF).map((value) => (typeof value === 'string' ? value : value.toString('utf8')));
    return groupNames(dns, rule.nameForm);
  }
  const found = await directory.search(rule.baseDn, {
    scope: 'sub',
    filter: groupFilter(rule.filter, { dn: person.entry.dn, username: person.username }),
    // "1.1": no attributes, only the DNs.
    attributes: ['1.1'],
    sizeLimit: MAX_GROUPS,
  });
  return groupNames(
    found.map((group) => group.dn),
    rule.nameForm,
  );
}
