import { ROLE, type SiteExternalLogin } from '@answer/contract';
import { forgetSessions } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { logModeration } from '../moderation/log.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { lockUsers } from '../reputation/ledger.js';
import { now } from '../auth/common.js';

const ROLE_ID = { user: ROLE.user, moderator: ROLE.moderator, admin: ROLE.admin } as const;
/** Higher is more: a person in groups mapped to several roles gets the highest. */
const POWER: Record<number, number> = { [ROLE.user]: 0, [ROLE.moderator]: 1, [ROLE.admin]: 2 };

export const roleIdOf = (role: keyof typeof ROLE_ID): number => ROLE_ID[role];

/** The highest role the person's groups map to, or null when none of them is mapped. */
export function mappedRole(policy: SiteExternalLogin, groups: string[]): number | null {
  const mine = new Set(groups.map((g) => g.toLowerCase()));
  let best: number | null = null;
  for (const rule of policy.role_mapping) {
    if (!mine.has(rule.group.toLowerCase())) continue;
    const id = ROLE_ID[rule.role];
    if (best === null || POWER[id]! > POWER[best]!) best = id;
  }
  return best;
}

/**
 * Group to role mapping at a connector sign-in (issue 27): the groups the provider gave now decide
 * the staff role they once gave. A role given by a group is recorded (external_role_grant) and goes
 * when the group does; a role an administrator gave by hand is never lowered (their change removes
 * the record), only raised by a group. Nothing happens while no mapping is configured.
 */
export async function applyRoleMapping(runtime: Runtime, policy: SiteExternalLogin, userId: string, groups: string[]): Promise<void> {
  if (!policy.role_mapping.length) return;
  const target = mappedRole(policy, groups);
  const changed = await runtime.database.transaction().execute(async (trx) => {
    // The same lock as an administrator's role change: the two never interleave.
    await lockUsers(trx, [userId]);
    const current = Number((await trx.selectFrom('user_role_rel').select('role_id').where('user_id', '=', userId).executeTakeFirst())?.role_id ?? ROLE.user);
    const grant = await trx.selectFrom('external_role_grant').select('role_id').where('user_id', '=', userId).executeTakeFirst();
    const granted = grant !== undefined && Number(grant.role_id) === current;
    let next = current;
    if (target !== null && POWER[target]! > POWER[current]!) next = target;
    else if (granted) next = target ?? ROLE.user;
    const t = now();
    if (target !== null && next === target) {
      await trx.deleteFrom('external_role_grant').where('user_id', '=', userId).execute();
      await trx.insertInto('external_role_grant').values({ user_id: userId, role_id: target, updated_at: t }).execute();
    } else if (grant) {
      await trx.deleteFrom('external_role_grant').where('user_id', '=', userId).execute();
    }
    if (next === current) return false;
    await trx.deleteFrom('user_role_rel').where('user_id', '=', userId).execute();
    if (next !== ROLE.user) await trx.insertInto('user_role_rel').values({ user_id: userId, role_id: next, created_at: t, updated_at: t }).execute();
    await trx.updateTable('user').set({ is_admin: next === ROLE.admin ? 1 : 0, updated_at: t }).where('id', '=', userId).execute();
    await logModeration(trx, { staffId: userId, action: 'user.role', objectType: 'user', objectId: userId, targetUserId: userId, reason: 'external login group', detail: { from: current, to: next, by: 'group' } });
    return true;
  });
  if (!changed) return;
  // Their other sessions read the new role at once; profiles show staff roles.
  await forgetSessions(runtime, userId);
  await changedQuestionLists(runtime);
}
