import type { adminUserRoleSchema, adminUserStatusSchema } from '@answer/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { AppError, FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { forgetSessions, revokeUserSessions } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { deleteAnswer } from '../answer/service.js';
import { grantActivationBonus } from '../auth/common.js';
import { deleteComment } from '../comment/service.js';
import { logModeration } from '../moderation/log.js';
import { lockUsers } from '../reputation/ledger.js';
import { type AlsoInTx, deleteQuestion } from '../question/service.js';
import { closeReviewsOf } from '../review/publication.js';
import { statusName } from '../user/presenter.js';
import { loadTarget, now } from './users-target.js';
import { changedQuestionLists } from '../question/list-cache.js';

type StatusInput = z.infer<typeof adminUserStatusSchema>;

/**
 * `PUT /user/status` (domain.md 6.7). The change is one conditional update, so it never revives an
 * account deleted meanwhile. A suspension may carry an end (`suspended_until`), after which the
 * account is available again by itself (core/session.ts lifts it). Deletion ends every session at
 * once; a suspension or deactivation keeps them, because the live status is read on every request:
 * the person's next request answers 403 suspended/inactive and the web shows why (docs/decisions.md).
 */
export async function changeUserStatus(runtime: Runtime, admin: SessionUser, input: StatusInput): Promise<void> {
  const db = runtime.database;
  const target = await loadTarget(db, input.user_id, admin, 'error.admin.cannot_modify_self_status');
  if (Number(target.status) === 10) return;
  const t = now();
  if (input.status === 'suspended' && input.suspended_until && input.suspended_until <= t) {
    throw new FieldErrors([{ field: 'suspended_until', reason: 'error.admin.suspend_end_in_past' }]);
  }
  const id = String(target.id);
  const before = statusName(target);
  const changed = await db.transaction().execute(async (trx) => {
    let update = trx.updateTable('user').where('id', '=', id).where('status', '!=', 10);
    if (input.status === 'normal') update = update.set({ status: 1, mail_status: 1, suspended_at: 0, suspended_until: 0, updated_at: t });
    else if (input.status === 'inactive') update = update.set({ status: 1, mail_status: 2, suspended_at: 0, suspended_until: 0, updated_at: t });
    else if (input.status === 'suspended') update = update.set({ status: 9, suspended_at: t, suspended_until: input.suspended_until, updated_at: t });
    // The address is freed for a new account (domain.md 6.7); a suffix of the time keeps it unique.
    else update = update.set((eb) => ({ status: 10, deleted_at: t, updated_at: t, e_mail: eb.fn<string>('concat', [eb.fn('substr', [eb.ref('e_mail'), sql.lit(1), sql.lit(179)]), sql.lit(`.${t}`)]) }));
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await logModeration(trx, {
      staffId: admin.id,
      action: 'user.status',
      objectType: 'user',
      objectId: id,
      targetUserId: id,
      reason: input.reason,
      detail: { from: before, to: input.status, suspended_until: input.status === 'suspended' ? input.suspended_until : 0, remove_all_content: input.remove_all_content },
    });
    return true;
  });
  if (!changed) return;
  // Profiles and kept pages show the person's status.
  await changedQuestionLists(runtime);
  if (input.status === 'deleted') await revokeUserSessions(runtime, id);
  else await forgetSessions(runtime, id);
  if (input.status === 'normal' && Number(target.mail_status) !== 1) await grantActivationBonus(db, id);
  if (input.remove_all_content) await removeAllContent(runtime, admin, id);
}

/**
 * Soft-deletes everything the person posted through the content services, so counts, timelines,
 * tags and events follow as for any staff deletion. One post failing (deleted meanwhile) does not
 * stop the others. Runs after the status change has committed: every posting transaction re-reads
 * its author's status under a lock on the user row (user/posting.ts), so the status UPDATE waited
 * for the posts in flight and later ones are refused; these lists therefore hold every post the
 * person will have. Posts waiting for review go too (their open reviews are closed), so no later
 * approval publishes them; an approval racing this takes the question's lock like the deletions.
 */
async function removeAllContent(runtime: Runtime, admin: SessionUser, userId: string): Promise<void> {
  const db = runtime.database;
  const rows = async (table: 'question' | 'answer' | 'comment', statuses: number[]) =>
    (await db.selectFrom(table).select(['id', 'status']).where('user_id', '=', userId).where('status', 'in', statuses).execute()).map((r) => ({ id: String(r.id), status: Number(r.status) }));
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  };
  const PENDING = 11;
  // A post still waiting for review leaves the queue with its deletion, its review rejected.
  const closeReview = (row: { id: string; status: number }): AlsoInTx | undefined =>
    row.status === PENDING ? (trx) => closeReviewsOf(trx, row.id, admin.id, false) : undefined;
  for (const row of await rows('comment', [1])) await attempt(() => deleteComment(runtime, admin, row.id));
  for (const row of await rows('answer', [1, PENDING])) await attempt(() => deleteAnswer(runtime, admin, row.id, closeReview(row)));
  // Closed questions (status 2) are listed content too.
  for (const row of await rows('question', [1, 2, PENDING])) await attempt(() => deleteQuestion(runtime, admin, row.id, closeReview(row)));
}

/**
 * `PUT /user/role` (domain.md 6.7): not on oneself (an admin cannot demote themselves, so a site
 * always keeps the admin who acts). The person's sessions end at once; they log in with the new role.
 */
export async function changeUserRole(runtime: Runtime, admin: SessionUser, input: z.infer<typeof adminUserRoleSchema>): Promise<void> {
  const db = runtime.database;
  const target = await loadTarget(db, input.user_id, admin, 'error.admin.cannot_modify_self_role');
  if (Number(target.status) === 10) throw new AppError(400, 'error.admin.user_deleted');
  const id = String(target.id);
  const t = now();
  await db.transaction().execute(async (trx) => {
    // Two changes of one person's role at once run one after the other (delete + insert on a unique key).
    await lockUsers(trx, [id]);
    const old = await trx.selectFrom('user_role_rel').select('role_id').where('user_id', '=', id).executeTakeFirst();
    const from = Number(old?.role_id ?? 1);
    // One row per user (unique key): the row is replaced; role 1 has no row (domain.md 2.15).
    await trx.deleteFrom('user_role_rel').where('user_id', '=', id).execute();
    if (input.role_id !== 1) await trx.insertInto('user_role_rel').values({ user_id: id, role_id: input.role_id, created_at: t, updated_at: t }).execute();
    await trx.updateTable('user').set({ is_admin: input.role_id === 2 ? 1 : 0, updated_at: t }).where('id', '=', id).execute();
    // An administrator's decision is never undone by a provider's groups (connector/roles.ts).
    await trx.deleteFrom('external_role_grant').where('user_id', '=', id).execute();
    await logModeration(trx, { staffId: admin.id, action: 'user.role', objectType: 'user', objectId: id, targetUserId: id, reason: input.reason, detail: { from, to: input.role_id } });
  });
  await revokeUserSessions(runtime, id);
  // Profiles show staff roles.
  await changedQuestionLists(runtime);
}
