import type { ExternalUser, PluginLogger } from '@answer/plugin-sdk';
import { withDirectory } from './connection.js';
import { isDisabled } from './disabled.js';
import { userFilter } from './filters.js';
import { groupsOf } from './groups.js';
import { personAttributes, toExternalUser, usernameOf } from './person.js';
import type { LdapSettings } from './settings.js';
import { checkUsable } from './usable.js';

/** Longer than any directory's names; a longer one is refused before it reaches the directory. */
const MAX_USERNAME = 256;

/**
 * A sign-in with the name and password typed into the site's login form: the person, or null for
 * anything that means "wrong credentials" (unknown name, wrong password, disabled entry). A
 * directory that cannot be reached or used throws (the host then says sign-in is unavailable).
 */
export async function signIn(credentials: { username: string; password: string }, settings: LdapSettings, log: PluginLogger): Promise<ExternalUser | null> {
  const typed = credentials.username.trim();
  const { password } = credentials;
  // An empty password would be an anonymous bind, which "succeeds": refused before connecting.
  if (!typed || !password || typed.length > MAX_USERNAME) return null;
  const problem = checkUsable(settings);
  if (problem) throw new Error(`ldap: ${problem.en_US}`);

  return withDirectory(settings, async (directory) => {
    await directory.bindService();
    const entries = await directory.search(settings.baseDn, {
      scope: 'sub',
      filter: userFilter(settings.userFilter, typed),
      ...personAttributes(settings),
      // Two are enough to know the name is not unique; more would only cost time.
      sizeLimit: 2,
    });
    if (entries.length > 1) log.warn('ldap: several entries match the user filter; sign-in refused');
    const entry = entries.length === 1 ? entries[0] : undefined;
    if (!entry) return null;

    if (!(await directory.bind(entry.dn, password))) return null;
    if (isDisabled(entry, settings.disabled)) {
      log.info('ldap: sign-in refused: the entry is disabled', { dn: entry.dn });
      return null;
    }

    const username = usernameOf(entry, settings, typed);
    // The connection is now bound as the person, who may not see the groups: back to the service account.
    if (settings.groups.source === 'search') await directory.bindService();
    const groups = await groupsOf(directory, settings.groups, { entry, username });
    return toExternalUser(entry, settings, typed, groups);
  });
}
