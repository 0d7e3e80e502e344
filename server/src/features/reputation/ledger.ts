import type { Transaction } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { type ActivityFields, writeActivity } from '../activity/events.js';

type Trx = Transaction<Database>;
const now = () => Math.floor(Date.now() / 1000);

/** Reputation rules read from the config table by key (domain.md 2.20, 3). */
export const DAILY_CAP = 200;
export const FLOOR = 1;

export interface LedgerEntry extends ActivityFields {
  /** Daily cap applies (votes only). */
  capped?: boolean;
}

function startOfDay(t: number): number {
  return t - (t % 86400);
}

/** Locks a user's row for the rest of the transaction (SQLite transactions are already exclusive). */
async function lockUser(trx: Trx, userId: string) {
  let q = trx.selectFrom('user').select('rank').where('id', '=', userId);
  if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
  return Number((await q.executeTakeFirstOrThrow()).rank);
}

/**
 * Locks several users' rows in id order. A change that moves two people's reputation (a vote, an
 * acceptance) takes both locks up front, so two such changes between the same people in opposite
 * directions wait for each other instead of deadlocking.
 */
export async function lockUsers(trx: Trx, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  for (const id of ids) await lockUser(trx, id);
}

/**
 * Writes one ledger row and applies its change to the user's reputation in the caller's
 * transaction. Gains from votes stop at the daily cap; losses stop at the floor; the row records
 * the change actually applied, so reputation always equals the sum of its ledger.
 */
export async function record(trx: Trx, e: LedgerEntry): Promise<void> {
  let delta = e.rank;
  if (delta !== 0) {
    const rank = await lockUser(trx, e.userId);
    if (delta > 0 && e.capped) {
      const today = await trx
        .selectFrom('activity')
        .select((eb) => eb.fn.sum<number>('rank').as('sum'))
        .where('user_id', '=', e.userId)
        .where('cancelled', '=', 0)
        .where('rank', '>', 0)
        .where('activity_type', 'in', [2, 3])
        .where('updated_at', '>=', startOfDay(now()))
        .executeTakeFirst();
      delta = Math.max(0, Math.min(delta, DAILY_CAP - Number(today?.sum ?? 0)));
    }
    if (delta < 0 && rank + delta < FLOOR) delta = Math.min(0, FLOOR - rank);
  }
  await writeActivity(trx, { ...e, rank: delta, hasRank: e.rank !== 0 });
  if (delta !== 0) await trx.updateTable('user').set((eb) => ({ rank: eb('rank', '+', delta) })).where('id', '=', e.userId).execute();
}

/** Undoes active ledger rows of the given types on an object by a trigger user: exact reversal. */
export async function reverse(trx: Trx, filter: { objectId: string; triggerUserId?: string; activityTypes: number[] }): Promise<void> {
  let q = trx
    .selectFrom('activity')
    .select(['id', 'user_id', 'rank'])
    .where('object_id', '=', filter.objectId)
    .where('cancelled', '=', 0)
    .where('activity_type', 'in', filter.activityTypes);
  if (filter.triggerUserId) q = q.where('trigger_user_id', '=', filter.triggerUserId);
  const rows = await q.execute();
  const t = now();
  for (const row of rows) {
    const done = await trx
      .updateTable('activity')
      .set({ cancelled: 1, cancelled_at: t, updated_at: t })
      .where('id', '=', row.id)
      .where('cancelled', '=', 0)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1 && Number(row.rank) !== 0) {
      await lockUser(trx, String(row.user_id));
      await trx.updateTable('user').set((eb) => ({ rank: eb('rank', '-', Number(row.rank)) })).where('id', '=', String(row.user_id)).execute();
    }
  }
}
