import type { UserCenterProfileField } from '@answer/contract';
import type { Runtime } from '../../runtime.js';
import { isUniqueViolation } from '../../db/errors.js';
import { now, usernameFrom } from '../auth/common.js';
import type { CheckedExternalUser } from '../connector/accounts.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { findUserById } from '../user/queries.js';
import { activeUserCenter } from './active.js';
import { ownedFields } from './owned-fields.js';

/**
 * Sets the fields a user centre owns from what it said about the person at their sign-in, so what
 * the site shows read-only is what the user centre holds today. Only what it vouches for: a
 * display name it gives, an e-mail address it marks verified and no other account uses, a
 * username that is valid and free. A value it cannot take is left as it was (and logged), never a
 * reason to refuse the sign-in.
 */
export async function syncOwnedProfile(runtime: Runtime, userId: string, person: CheckedExternalUser, fields: readonly UserCenterProfileField[]): Promise<void> {
  const row = await findUserById(runtime.database, userId);
  if (!row) return;
  const changes: { display_name?: string; e_mail?: string; username?: string } = {};
  if (fields.includes('display_name') && person.displayName && person.displayName !== row.display_name) changes.display_name = person.displayName;
  if (fields.includes('email') && person.email && person.emailVerified && person.email !== row.e_mail) changes.e_mail = person.email;
  if (fields.includes('username') && person.username && person.username !== row.username) {
    const free = await usernameFrom(runtime, runtime.database, person.username, 'username').catch(() => null);
    if (free === person.username) changes.username = free;
    else console.warn(`user centre: the username of user ${userId} is not changed: "${person.username}" is invalid, reserved or taken`);
  }
  if (!Object.keys(changes).length) return;
  try {
    await runtime.database.updateTable('user').set({ ...changes, updated_at: now() }).where('id', '=', userId).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another account has the address (or took the name meanwhile): the rest still follows.
    console.warn(`user centre: user ${userId} keeps their e-mail address or username: another account has the new one`);
    const { e_mail: _taken, username: _name, ...rest } = changes;
    if (Object.keys(rest).length) await runtime.database.updateTable('user').set({ ...rest, updated_at: now() }).where('id', '=', userId).execute();
  }
  // Names show on every kept page: they are all renewed.
  await changedQuestionLists(runtime);
}

/**
 * For a sign-in through a connector (connector/routes.ts, after `resolveAccount`): when that
 * connector belongs to the active user centre, the fields it owns follow what it just said.
 */
export async function syncAfterConnectorSignIn(runtime: Runtime, connectorSlug: string, userId: string, person: CheckedExternalUser): Promise<void> {
  const uc = await activeUserCenter(runtime);
  if (!uc || uc.provider !== connectorSlug) return;
  const fields = await ownedFields(runtime, uc);
  if (fields.length) await syncOwnedProfile(runtime, userId, person, fields);
}
