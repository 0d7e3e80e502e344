import { badRequest, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { publish } from '../events/publish.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { lockQuestion } from '../question/queries.js';
import type { AlsoInTx } from '../question/service.js';
import { A, answerIdOrThrow, findAnswer, refreshQuestionAnswers, shiftUserAnswers } from './service.js';

/**
 * Undeletes an answer (domain.md 5.12): available again, and counted again by its question
 * (answer_count, last answer) and its author. Its question is locked first, as for every change
 * to a question's answers, so two moderators undeleting at once count it once.
 */
export async function recoverAnswer(runtime: Runtime, user: SessionUser, rawId: string, also?: AlsoInTx): Promise<void> {
  const id = answerIdOrThrow(rawId);
  const found = await findAnswer(runtime.database, id);
  if (!found) throw notFound('error.answer.not_found');
  ensure(user, 'answer.undeleted', await loadThresholds(runtime));
  await runtime.database.transaction().execute(async (trx) => {
    await lockQuestion(trx, String(found.question_id));
    const answer = (await findAnswer(trx, id))!;
    if (Number(answer.status) !== A.deleted) throw badRequest('error.object.not_deleted');
    await trx.updateTable('answer').set({ status: A.available }).where('id', '=', id).execute();
    await refreshQuestionAnswers(trx, String(answer.question_id), false);
    await shiftUserAnswers(trx, String(answer.user_id), 1);
    await recordEvent(trx, { type: ACT.answerUndeleted, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'answer.recover', actorId: user.id, questionId: String(answer.question_id), answerId: id });
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}
