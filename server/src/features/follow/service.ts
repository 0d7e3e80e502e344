import type { Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { changedQuestionLists } from '../question/list-cache.js';

/** Activity types of follows (domain.md 2.20): follows are activity rows, not a table of their own. */
export const FOLLOW = { question: ACT.questionFollow, tag: ACT.tagFollow } as const;
export type Followable = keyof typeof FOLLOW;
const DELETED = 10;

export interface FollowResult {
  follows: number;
  is_followed: boolean;
}

/**
 * Follows or unfollows a question or tag (`POST /follow`). The followed row is locked for the
 * transaction (SQLite transactions are exclusive already), so concurrent identical requests run
 * one after the other: the first changes the state, the rest find it done. follow_count is
 * recounted from the live rows in the same transaction, so it cannot drift.
 */
export async function follow(runtime: Runtime, user: SessionUser, rawId: string, cancel: boolean): Promise<FollowResult> {
  const objectId = toLongId(rawId);
  const type = objectId ? objectTypeOf(objectId) : null;
  const kind: Followable | null = type === OBJECT_TYPE.question ? 'question' : type === OBJECT_TYPE.tag ? 'tag' : null;
  if (!objectId || !kind) throw new AppError(404, 'error.object.not_found');

  const result = await runtime.database.transaction().execute(async (trx) => {
    const status = await lockFollowable(trx, kind, objectId);
    if (status === undefined || status === DELETED) throw new AppError(404, 'error.object.not_found');
    const follows = await setFollow(trx, user.id, kind, objectId, !cancel);
    return { follows, is_followed: !cancel };
  });
  // Cached question pages show the follow count, and the reader's own page their follow.
  if (kind === 'question') await changedQuestionLists(runtime);
  return result;
}

/**
 * Locks a followed row for the rest of the transaction (SQLite transactions are exclusive
 * already) and returns its status, undefined when it does not exist.
 */
export async function lockFollowable(trx: Transaction<Database>, kind: Followable, objectId: string): Promise<number | undefined> {
  let lock = trx.selectFrom(kind).select('status').where('id', '=', objectId);
  if (dialectOf(trx) !== 'sqlite3') lock = lock.forUpdate();
  const target = await lock.executeTakeFirst();
  return target ? Number(target.status) : undefined;
}

/**
 * Makes `userId` follow (or stop following) one question or tag whose row the caller has locked
 * with lockFollowable, and stores the recounted follow_count. Returns that count.
 */
export async function setFollow(trx: Transaction<Database>, userId: string, kind: Followable, objectId: string, on: boolean): Promise<number> {
  const activityType = FOLLOW[kind];
  const live = trx
    .selectFrom('activity')
    .where('object_id', '=', objectId)
    .where('user_id', '=', userId)
    .where('activity_type', '=', activityType)
    .where('cancelled', '=', 0);
  const following = !!(await live.select('id').executeTakeFirst());
  const now = Math.floor(Date.now() / 1000);
  if (on && !following) {
    await trx
      .insertInto('activity')
      .values({ user_id: userId, trigger_user_id: userId, object_id: objectId, original_object_id: objectId, activity_type: activityType, rank: 0, has_rank: 0, cancelled: 0, created_at: now, updated_at: now })
      .execute();
  } else if (!on && following) {
    await trx
      .updateTable('activity')
      .set({ cancelled: 1, cancelled_at: now, updated_at: now })
      .where('object_id', '=', objectId)
      .where('user_id', '=', userId)
      .where('activity_type', '=', activityType)
      .where('cancelled', '=', 0)
      .execute();
  }
  const { n } = await trx
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('object_id', '=', objectId)
    .where('activity_type', '=', activityType)
    .where('cancelled', '=', 0)
    .executeTakeFirstOrThrow();
  const follows = Number(n);
  await trx.updateTable(kind).set({ follow_count: follows }).where('id', '=', objectId).execute();
  return follows;
}
