import type { z } from 'zod';
import type { answerSchema, editAnswerSchema } from '@answer/contract';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { can, ensure, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, toLongId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Db } from '../../db/connect.js';
import { nextObjectId } from '../../db/uniqid.js';
import type { Runtime } from '../../runtime.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { indexAnswer } from '../search/index-writer.js';
import { lockQuestion } from '../question/queries.js';
import { type AlsoInTx, Q, questionIdOrThrow } from '../question/service.js';
import { recordEvent } from '../activity/events.js';
import { publish } from '../events/publish.js';
import { ACT } from '../activity/types.js';
import { addRevision, hasPendingRevision, REVISION } from '../revision/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { gateNewPost, NO_CLIENT, type PostClient, queueForReview } from '../review/gate.js';
import { ensureAuthorMayPost } from '../user/posting.js';

const now = () => Math.floor(Date.now() / 1000);
export const A = { available: 1, deleted: 10, pending: 11 } as const;

export function answerIdOrThrow(raw: string): string {
  const id = toLongId(raw);
  if (!id || id.slice(1, 4) !== '002') throw notFound('error.answer.not_found');
  return id;
}

export const findAnswer = (db: Db, id: string) => db.selectFrom('answer').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Recounts a question's available answers and its newest one (domain.md 5.5). The caller holds the
 * question's lock (lockQuestion, taken before anything else is read in its transaction), so
 * changes to one question's answers take turns and each recount sees those committed before it;
 * without it, 30 people answering at once left answer_count short on PostgreSQL and MariaDB.
 */
export async function refreshQuestionAnswers(db: Db, questionId: string, touch: boolean) {
  const rows = await db.selectFrom('answer').select(['id', 'created_at']).where('question_id', '=', questionId).where('status', '=', A.available).orderBy('created_at', 'desc').execute();
  await db
    .updateTable('question')
    .set({
      answer_count: rows.length,
      last_answer_id: rows[0] ? String(rows[0].id) : '0',
      ...(touch ? { post_update_time: now() } : {}),
    })
    .where('id', '=', questionId)
    .execute();
}

/**
 * Moves an author's answer_count by one answer becoming available (1) or not (-1). An atomic
 * increment, not a recount: the author's answers to other questions change without any lock in common.
 */
export async function shiftUserAnswers(db: Db, userId: string, delta: 1 | -1) {
  await db.updateTable('user').set((eb) => ({ answer_count: eb('answer_count', '+', delta) })).where('id', '=', userId).execute();
}

/** Writes an answer (domain.md 5.5). Returns its id. */
export async function addAnswer(runtime: Runtime, user: SessionUser, input: z.infer<typeof answerSchema>, client: PostClient = NO_CLIENT): Promise<string> {
  const db = runtime.database;
  const questionId = questionIdOrThrow(input.question_id);
  const question = await db.selectFrom('question').select(['status', 'user_id']).where('id', '=', questionId).executeTakeFirst();
  // A question waiting for review takes answers only from its author ("answer your own question").
  const hidden = (q: { status: number | string; user_id: number | string }) => Number(q.status) === Q.deleted || (Number(q.status) === Q.pending && String(q.user_id) !== user.id);
  if (!question || hidden(question)) throw notFound('error.question.not_found');
  const settings = await loadSiteSettings(runtime);
  // Closed questions take answers only where the question group allows it (beyond 1.4.0).
  const refusedClosed = (q: { status: number | string }) => Number(q.status) === Q.closed && !settings.question.allow_answer_closed;
  if (refusedClosed(question)) throw badRequest('error.answer.question_closed_cannot_add');
  ensure(user, 'answer.add', await loadThresholds(runtime));
  if (settings.write.restrict_answer) {
    const existing = await db.selectFrom('answer').select('id').where('question_id', '=', questionId).where('user_id', '=', user.id).where('status', '=', A.available).executeTakeFirst();
    if (existing) throw new AppError(403, 'error.answer.restrict_answer');
  }
  const html = renderMarkdown(input.content);
  // The review rules decide whether it goes out now, waits in the queue or is deleted (domain.md 5.11).
  const gate = await gateNewPost(runtime, user, { objectType: 'answer', title: '', content: input.content, html, tags: [] }, client);
  const t = now();
  const id = await db.transaction().execute(async (trx) => {
    // The question may have been closed or deleted since it was read above.
    const locked = await lockQuestion(trx, questionId);
    if (!locked || hidden(locked)) throw notFound('error.question.not_found');
    if (refusedClosed(locked)) throw badRequest('error.answer.question_closed_cannot_add');
    const answerId = await nextObjectId(trx, OBJECT_TYPE.answer);
    await trx
      .insertInto('answer')
      .values({ id: answerId, created_at: t, updated_at: t, question_id: questionId, user_id: user.id, original_text: input.content, parsed_text: html, status: gate.status })
      .execute();
    const revisionId = await addRevision(trx, { userId: user.id, objectType: OBJECT_TYPE.answer, objectId: answerId, title: '', snapshot: { content: input.content } });
    await trx.updateTable('answer').set({ revision_id: revisionId }).where('id', '=', answerId).execute();
    await indexAnswer(trx, answerId);
    await recordEvent(trx, { type: ACT.questionAnswered, userId: user.id, objectId: answerId, originalObjectId: questionId });
    await recordEvent(trx, { type: ACT.answerAnswered, userId: user.id, objectId: answerId, originalObjectId: answerId, revisionId });
    if (gate.queued) await queueForReview(trx, { userId: user.id, objectId: answerId, objectType: 'answer' }, gate.queued);
    // The author's account, live and locked after the question (the order every answer change
    // uses): suspended meanwhile, the answer is not written (issue 24, point 10).
    await ensureAuthorMayPost(trx, user, 'update');
    // Counts and the create event (the asker's notification) follow only when it is published.
    if (gate.status !== A.available) return answerId;
    await publish(trx, { kind: 'answer.create', actorId: user.id, questionId, answerId });
    await refreshQuestionAnswers(trx, questionId, true);
    await shiftUserAnswers(trx, user.id, 1);
    return answerId;
  });
  await changedQuestionLists(runtime);
  return id;
}

/** Edits an answer with the same review rules as questions (domain.md 5.5). */
export async function editAnswer(runtime: Runtime, user: SessionUser, input: z.infer<typeof editAnswerSchema>) {
  const db = runtime.database;
  const id = answerIdOrThrow(input.id);
  const answer = await findAnswer(db, id);
  if (!answer || Number(answer.status) === A.deleted) throw notFound('error.answer.not_found');
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'answer.edit', thresholds, answer.user_id);
  if (await hasPendingRevision(db, id)) throw badRequest('error.answer.cannot_update');
  if (input.content === answer.original_text) return { wait_for_review: false };
  const direct = can(user, 'answer.edit_without_review', thresholds, answer.user_id);
  const result = await db.transaction().execute(async (trx) => {
    const revisionId = await addRevision(trx, {
      userId: user.id,
      objectType: OBJECT_TYPE.answer,
      objectId: id,
      title: '',
      snapshot: { content: input.content },
      log: input.edit_summary,
      status: direct ? REVISION.normal : REVISION.unreviewed,
    });
    if (!direct) return { wait_for_review: true };
    await applyAnswerEdit(trx, answer, { content: input.content, editorId: user.id, revisionId });
    return { wait_for_review: false };
  });
  await changedQuestionLists(runtime);
  return result;
}

/**
 * Writes an accepted edit (applied at once, or a suggestion approved later): the answer, its
 * question's activity time and the "edited" event, in the caller's transaction (domain.md 5.5, 5.9).
 */
export async function applyAnswerEdit(
  trx: Db,
  answer: { id: string; question_id: string },
  edit: { content: string; editorId: string; revisionId: string },
): Promise<void> {
  const id = String(answer.id);
  const t = now();
  await trx
    .updateTable('answer')
    .set({ original_text: edit.content, parsed_text: renderMarkdown(edit.content), updated_at: t, last_edit_user_id: edit.editorId, revision_id: edit.revisionId })
    .where('id', '=', id)
    .execute();
  await indexAnswer(trx, id);
  await trx.updateTable('question').set({ post_update_time: t }).where('id', '=', String(answer.question_id)).execute();
  await recordEvent(trx, { type: ACT.answerEdited, userId: edit.editorId, objectId: id, originalObjectId: id, revisionId: edit.revisionId });
  await publish(trx, { kind: 'answer.update', actorId: edit.editorId, questionId: String(answer.question_id), answerId: id });
}

/** Deletes an answer: its author while it has no positive score and is not accepted; moderators always. */
export async function deleteAnswer(runtime: Runtime, user: SessionUser, rawId: string, also?: AlsoInTx): Promise<void> {
  const db = runtime.database;
  const id = answerIdOrThrow(rawId);
  const answer = await findAnswer(db, id);
  if (!answer || Number(answer.status) === A.deleted) throw notFound('error.answer.not_found');
  const moderator = can(user, 'answer.delete', await loadThresholds(runtime));
  if (!moderator) {
    if (String(answer.user_id) !== user.id) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
    if (Number(answer.vote_count) > 0 || Number(answer.adopted) === 2) throw badRequest('error.answer.cannot_deleted');
  }
  await db.transaction().execute(async (trx) => {
    await lockQuestion(trx, String(answer.question_id));
    // Read again under the lock: of two deletions at once, the second finds the answer gone.
    const current = await findAnswer(trx, id);
    if (!current || Number(current.status) === A.deleted) throw notFound('error.answer.not_found');
    await trx.updateTable('answer').set({ status: A.deleted, updated_at: now() }).where('id', '=', id).execute();
    await recordEvent(trx, { type: ACT.answerDeleted, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'answer.delete', actorId: user.id, questionId: String(answer.question_id), answerId: id });
    await refreshQuestionAnswers(trx, String(answer.question_id), false);
    if (Number(current.status) === A.available) await shiftUserAnswers(trx, String(answer.user_id), -1);
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}
