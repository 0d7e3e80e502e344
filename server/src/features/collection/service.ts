import { AppError } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nextObjectId } from '../../db/uniqid.js';
import type { Runtime } from '../../runtime.js';
import { changedQuestionLists } from '../question/list-cache.js';

const DELETED = 10;

/** Whether a question or answer exists and is not deleted. */
async function bookmarkable(runtime: Runtime, objectId: string): Promise<boolean> {
  const type = objectTypeOf(objectId);
  if (type !== OBJECT_TYPE.question && type !== OBJECT_TYPE.answer) return false;
  const table = type === OBJECT_TYPE.question ? 'question' : 'answer';
  const row = await runtime.database.selectFrom(table).select('status').where('id', '=', objectId).executeTakeFirst();
  return !!row && Number(row.status) !== DELETED;
}

/**
 * Adds or removes the user's bookmark of a question or answer (`collection/switch`). The unique
 * (user, object) key decides concurrent identical requests: one inserts, the rest change nothing,
 * and the question's collection_count moves only with a row actually added or removed.
 */
export async function switchBookmark(runtime: Runtime, user: SessionUser, rawId: string, bookmark: boolean): Promise<{ object_collection_count: number }> {
  const objectId = toLongId(rawId);
  if (!objectId || !(await bookmarkable(runtime, objectId))) throw new AppError(404, 'error.object.not_found');
  const isQuestion = objectTypeOf(objectId) === OBJECT_TYPE.question;
  const db = runtime.database;
  try {
    await db.transaction().execute(async (trx) => {
      let delta = 0;
      if (bookmark) {
        const exists = await trx.selectFrom('collection').select('id').where('user_id', '=', user.id).where('object_id', '=', objectId).executeTakeFirst();
        if (exists) return;
        const now = Math.floor(Date.now() / 1000);
        const id = await nextObjectId(trx, OBJECT_TYPE.collection);
        await trx.insertInto('collection').values({ id, user_id: user.id, object_id: objectId, created_at: now, updated_at: now }).execute();
        delta = 1;
      } else {
        const removed = await trx.deleteFrom('collection').where('user_id', '=', user.id).where('object_id', '=', objectId).executeTakeFirst();
        delta = -Number(removed.numDeletedRows);
      }
      if (delta !== 0 && isQuestion) {
        await trx
          .updateTable('question')
          .set((eb) => ({ collection_count: eb('collection_count', '+', delta) }))
          .where('id', '=', objectId)
          .execute();
      }
    });
  } catch (err) {
    // A concurrent identical request inserted first: its bookmark stands.
    if (!isUniqueViolation(err)) throw err;
  }
  // Cached pages show the question's bookmark count, and the reader's own pages their bookmark.
  await changedQuestionLists(runtime);
  const count = await db
    .selectFrom('collection')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow();
  return { object_collection_count: Number(count.n) };
}
