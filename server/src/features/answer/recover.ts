import { badRequest, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { A, answerIdOrThrow, findAnswer, refreshQuestionAnswers, refreshUserAnswers } from './service.js';

/**
 * Undeletes an answer (domain.md 5.12): available again, and counted again by its question
 * (answer_count, last answer) and its author. The answer row is locked so two moderators
 * undeleting at once count it once.
 */
export async function recoverAnswer(runtime: Runtime, user: SessionUser, rawId: string): Promise<void> {
  const id = answerIdOrThrow(rawId);
  if (!(await findAnswer(runtime.database, id))) throw notFound('error.answer.not_found');
  ensure(user, 'answer.undeleted', await loadThresholds(runtime));
  await runtime.database.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('answer').select(['status', 'question_id', 'user_id']).where('id', '=', id);
    if (dialectOf(trx) !== 'sqlite3') lock = lock.forUpdate();
    const answer = await lock.executeTakeFirstOrThrow();
    if (Number(answer.status) !== A.deleted) throw badRequest('error.object.not_deleted');
    await trx.updateTable('answer').set({ status: A.available }).where('id', '=', id).execute();
    await refreshQuestionAnswers(trx, String(answer.question_id), false);
    await refreshUserAnswers(trx, String(answer.user_id));
    await recordEvent(trx, { type: ACT.answerUndeleted, userId: user.id, objectId: id, originalObjectId: id });
  });
  await changedQuestionLists(runtime);
}
