import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { A, refreshQuestionAnswers, shiftUserAnswers } from '../answer/service.js';
import { publish } from '../events/publish.js';
import { lockQuestion } from '../question/queries.js';
import { Q } from '../question/service.js';
import { indexAnswer, indexQuestion } from '../search/index-writer.js';
import { shiftTagCounts } from '../tag/service.js';

type Trx = Transaction<Database>;
const now = () => Math.floor(Date.now() / 1000);

/**
 * A pending question becomes available: its tags and its author count it from now on, and the
 * create event goes out (new-question mails, badges), as if it had just been asked. Returns false
 * when it is no longer pending (deleted by its author meanwhile, or moved by an admin): then
 * nothing changes. The caller's transaction holds the change; the question row is locked first.
 */
export async function publishPendingQuestion(trx: Trx, questionId: string): Promise<boolean> {
  const question = await lockQuestion(trx, questionId);
  if (!question || Number(question.status) !== Q.pending) return false;
  await trx.updateTable('question').set({ status: Q.available }).where('id', '=', questionId).execute();
  if (Number(question.show) === 1) await shiftTagCounts(trx, questionId, 1);
  await trx.updateTable('user').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', '=', String(question.user_id)).execute();
  await indexQuestion(trx, questionId);
  await publish(trx, { kind: 'question.create', actorId: String(question.user_id), questionId });
  return true;
}

/**
 * A pending answer becomes available: its question's answer_count and last answer, its author's
 * answer_count, and the create event (the asker's notification). Locks the question first, like
 * every change to a question's answers.
 */
export async function publishPendingAnswer(trx: Trx, answerId: string): Promise<boolean> {
  const row = await trx.selectFrom('answer').select('question_id').where('id', '=', answerId).executeTakeFirst();
  if (!row) return false;
  const questionId = String(row.question_id);
  await lockQuestion(trx, questionId);
  const answer = await trx.selectFrom('answer').selectAll().where('id', '=', answerId).executeTakeFirst();
  if (!answer || Number(answer.status) !== A.pending) return false;
  await trx.updateTable('answer').set({ status: A.available }).where('id', '=', answerId).execute();
  await refreshQuestionAnswers(trx, questionId, true);
  await shiftUserAnswers(trx, String(answer.user_id), 1);
  await indexAnswer(trx, answerId);
  await publish(trx, { kind: 'answer.create', actorId: String(answer.user_id), questionId, answerId });
  return true;
}

/**
 * A rejected post is deleted. It was never counted, so no counter moves; the author is told
 * through the delete event (its inbox notice), with the reviewer as the one who did it.
 */
export async function rejectPendingPost(trx: Trx, objectType: 'question' | 'answer', objectId: string, reviewerId: string): Promise<boolean> {
  if (objectType === 'question') {
    const question = await lockQuestion(trx, objectId);
    if (!question || Number(question.status) !== Q.pending) return false;
    await trx.updateTable('question').set({ status: Q.deleted, updated_at: now() }).where('id', '=', objectId).execute();
    await publish(trx, { kind: 'question.delete', actorId: reviewerId, questionId: objectId });
    return true;
  }
  const row = await trx.selectFrom('answer').select('question_id').where('id', '=', objectId).executeTakeFirst();
  if (!row) return false;
  await lockQuestion(trx, String(row.question_id));
  const answer = await trx.selectFrom('answer').select(['status']).where('id', '=', objectId).executeTakeFirst();
  if (!answer || Number(answer.status) !== A.pending) return false;
  await trx.updateTable('answer').set({ status: A.deleted, updated_at: now() }).where('id', '=', objectId).execute();
  await publish(trx, { kind: 'answer.delete', actorId: reviewerId, questionId: String(row.question_id), answerId: objectId });
  return true;
}

/**
 * Closes the open review of a post whose status an admin changed directly (admin content lists),
 * so the queue does not offer it any more. For the admin content feature to call in its transaction.
 */
export async function closeReviewsOf(trx: Trx, objectId: string, reviewerId: string, approved: boolean): Promise<void> {
  await trx
    .updateTable('review')
    .set({ status: approved ? 2 : 3, reviewer_user_id: reviewerId, updated_at: now() })
    .where('object_id', '=', objectId)
    .where('status', '=', 1)
    .execute();
}
