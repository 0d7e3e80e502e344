import { badRequest, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { publish } from '../events/publish.js';
import { shiftTagCounts } from '../tag/service.js';
import { changedQuestionLists } from './list-cache.js';
import { findQuestion, lockQuestion } from './queries.js';
import { type AlsoInTx, Q, questionIdOrThrow } from './service.js';

/**
 * Undeletes a question (domain.md 5.12): it comes back available (a question closed before its
 * deletion comes back open), counted again by its tags (unless hidden) and by its author.
 */
export async function recoverQuestion(runtime: Runtime, user: SessionUser, rawId: string, also?: AlsoInTx): Promise<void> {
  const id = questionIdOrThrow(rawId);
  if (!(await findQuestion(runtime.database, id))) throw notFound('error.question.not_found');
  ensure(user, 'question.undeleted', await loadThresholds(runtime));
  await runtime.database.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question) throw notFound('error.question.not_found');
    if (Number(question.status) !== Q.deleted) throw badRequest('error.object.not_deleted');
    await trx.updateTable('question').set({ status: Q.available }).where('id', '=', id).execute();
    if (Number(question.show) === 1) await shiftTagCounts(trx, id, 1);
    await trx.updateTable('user').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', '=', String(question.user_id)).execute();
    await recordEvent(trx, { type: ACT.questionUndeleted, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'question.recover', actorId: user.id, questionId: id });
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}
