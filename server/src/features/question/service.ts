import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { askSchema, editQuestionSchema } from '@answer/contract';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { can, ensure, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, toLongId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Database, QuestionTable } from '../../db/schema.js';
import { retryOnConflict } from '../../db/retry.js';
import { nextObjectId } from '../../db/uniqid.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { publish } from '../events/publish.js';
import { ACT } from '../activity/types.js';
import { addRevision, hasPendingRevision, REVISION } from '../revision/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { resolvePostTags, setQuestionTags, shiftTagCounts } from '../tag/service.js';
import { indexQuestion } from '../search/index-writer.js';
import { gateNewPost, NO_CLIENT, type PostClient, queueForReview } from '../review/gate.js';
import { ensureAuthorMayPost } from '../user/posting.js';
import { changedQuestionLists } from './list-cache.js';
import { findQuestion, lockQuestion } from './queries.js';
import { checkQuestionRules } from './rules.js';

type AskInput = z.infer<typeof askSchema>;
type EditInput = z.infer<typeof editQuestionSchema>;
const now = () => Math.floor(Date.now() / 1000);

/** Question status (domain.md 2.17). */
export const Q = { available: 1, closed: 2, deleted: 10, pending: 11 } as const;

export function questionIdOrThrow(raw: string): string {
  const id = toLongId(raw);
  if (!id || id.slice(1, 4) !== '001') throw notFound('error.question.not_found');
  return id;
}

/** Asks a question (domain.md 5.2). Returns the new id. */
export async function askQuestion(runtime: Runtime, user: SessionUser, input: AskInput, client: PostClient = NO_CLIENT): Promise<string> {
  const db = runtime.database;
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'question.add', thresholds);
  const settings = await loadSiteSettings(runtime);
  checkQuestionRules(settings.question, input);
  const html = renderMarkdown(input.content);
  // The review rules decide whether it goes out now, waits in the queue or is deleted (domain.md 5.11).
  const gate = await gateNewPost(runtime, user, { objectType: 'question', title: input.title, content: input.content, html, tags: input.tags.map((tg) => tg.slug_name) }, client);
  const available = gate.status === Q.available;
  const t = now();
  // Retried when another asker created one of the same new tags at the same moment.
  const created = await retryOnConflict(() => db.transaction().execute(async (trx) => {
    const tagIds = await resolvePostTags(trx, user, thresholds, settings, input.tags);
    const id = await nextObjectId(trx, OBJECT_TYPE.question);
    await trx
      .insertInto('question')
      .values({
        id,
        created_at: t,
        updated_at: t,
        user_id: user.id,
        title: input.title,
        original_text: input.content,
        parsed_text: html,
        post_update_time: t,
        invite_user_id: '[]',
        status: gate.status,
      })
      .execute();
    // Counts (tags, the author's) and the create event follow only when it is published.
    await setQuestionTags(trx, id, tagIds, available, { fresh: true });
    if (gate.queued) await queueForReview(trx, { userId: user.id, objectId: id, objectType: 'question' }, gate.queued);
    await indexQuestion(trx, id);
    const tagSlugs = (await tagsOfQuestions(trx, [id])).map((tg) => tg.slug_name);
    const revisionId = await addRevision(trx, {
      userId: user.id,
      objectType: OBJECT_TYPE.question,
      objectId: id,
      title: input.title,
      snapshot: { title: input.title, content: input.content, tags: tagSlugs },
    });
    await trx.updateTable('question').set({ revision_id: revisionId }).where('id', '=', id).execute();
    await recordEvent(trx, { type: ACT.questionAsked, userId: user.id, objectId: id, originalObjectId: id, revisionId });
    // The author's account, live and locked (after the tags, as every question change locks them):
    // suspended meanwhile, the question is not written (issue 24, point 10).
    await ensureAuthorMayPost(trx, user, 'update');
    if (!available) return id;
    await publish(trx, { kind: 'question.create', actorId: user.id, questionId: id });
    await trx.updateTable('user').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', '=', user.id).execute();
    return id;
  }));
  await changedQuestionLists(runtime);
  return created;
}

/**
 * Edits a question (domain.md 5.4): the author and holders of question.edit_without_review apply
 * at once; holders of question.edit below that suggest an edit that waits for review.
 */
export async function editQuestion(runtime: Runtime, user: SessionUser, input: EditInput) {
  const db = runtime.database;
  const id = questionIdOrThrow(input.id);
  const question = await findQuestion(db, id);
  if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'question.edit', thresholds, question.user_id);
  if (await hasPendingRevision(db, id)) throw badRequest('error.question.cannot_update');
  const settings = await loadSiteSettings(runtime);
  checkQuestionRules(settings.question, input);
  const previous = (await tagsOfQuestions(db, [id])).map((tg) => tg.slug_name);
  const direct = can(user, 'question.edit_without_review', thresholds, question.user_id);
  const result = await db.transaction().execute(async (trx) => {
    const tagIds = await resolvePostTags(trx, user, thresholds, settings, input.tags, previous);
    const slugs = (await trx.selectFrom('tag').select('slug_name').where('id', 'in', tagIds).execute()).map((r) => r.slug_name);
    const unchanged =
      input.title === question.title && input.content === question.original_text && [...slugs].sort().join() === [...previous].sort().join();
    if (unchanged) return { url_title: urlTitle(question.title), wait_for_review: false };
    const snapshot = { title: input.title, content: input.content, tags: slugs };
    const revisionId = await addRevision(trx, {
      userId: user.id,
      objectType: OBJECT_TYPE.question,
      objectId: id,
      title: input.title,
      snapshot,
      log: input.edit_summary,
      status: direct ? REVISION.normal : REVISION.unreviewed,
    });
    if (!direct) return { url_title: urlTitle(question.title), wait_for_review: true };
    await applyQuestionEdit(trx, question, { title: input.title, content: input.content, tagIds, editorId: user.id, revisionId });
    return { url_title: urlTitle(input.title), wait_for_review: false };
  });
  await changedQuestionLists(runtime);
  return result;
}

/**
 * Writes an accepted edit (applied at once, or a suggestion approved later): the question row, its
 * tags and the "edited" event, in the caller's transaction (domain.md 5.4, 5.9).
 */
export async function applyQuestionEdit(
  trx: Transaction<Database>,
  question: Selectable<QuestionTable>,
  edit: { title: string; content: string; tagIds: string[]; editorId: string; revisionId: string },
): Promise<void> {
  const id = String(question.id);
  const t = now();
  await trx
    .updateTable('question')
    .set({
      title: edit.title,
      original_text: edit.content,
      parsed_text: renderMarkdown(edit.content),
      updated_at: t,
      post_update_time: t,
      last_edit_user_id: edit.editorId,
      revision_id: edit.revisionId,
    })
    .where('id', '=', id)
    .execute();
  await indexQuestion(trx, id);
  await recordEvent(trx, { type: ACT.questionEdited, userId: edit.editorId, objectId: id, originalObjectId: id, revisionId: edit.revisionId });
  await publish(trx, { kind: 'question.update', actorId: edit.editorId, questionId: id });
  const countable = Number(question.status) === Q.available || Number(question.status) === Q.closed;
  await setQuestionTags(trx, id, edit.tagIds, countable && Number(question.show) === 1);
}

/**
 * Deletes a question (domain.md 5.12): its author only while it has no accepted answer and at most
 * one answer without votes; moderators always. Soft delete; tags stop counting it.
 */
/** More work for a status change's transaction (the admin's moderation log entry, say). */
export type AlsoInTx = (trx: Transaction<Database>) => Promise<void>;

export async function deleteQuestion(runtime: Runtime, user: SessionUser, rawId: string, also?: AlsoInTx): Promise<void> {
  const db = runtime.database;
  const id = questionIdOrThrow(rawId);
  const question = await findQuestion(db, id);
  if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
  const thresholds = await loadThresholds(runtime);
  // Upstream lets only role Admin skip the owner's conditions (domain.md 5.12 quirk): moderators may too.
  const moderator = can(user, 'question.delete', thresholds);
  if (!moderator) {
    if (String(question.user_id) !== user.id) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
    const answers = await db.selectFrom('answer').select(['vote_count', 'adopted']).where('question_id', '=', id).where('status', '=', 1).execute();
    const blocked = String(question.accepted_answer_id) !== '0' || answers.length > 1 || answers.some((a) => Number(a.vote_count) > 0);
    if (blocked) throw badRequest('error.question.cannot_deleted');
  }
  await db.transaction().execute(async (trx) => {
    // Read again under the lock: of two deletions at once the second finds the question gone, and
    // one hidden meanwhile has already left its tags' counts.
    const current = await lockQuestion(trx, id);
    if (!current || Number(current.status) === Q.deleted) throw notFound('error.question.not_found');
    const listed = Number(current.status) === Q.available || Number(current.status) === Q.closed;
    await trx.updateTable('question').set({ status: Q.deleted, updated_at: now() }).where('id', '=', id).execute();
    await recordEvent(trx, { type: ACT.questionDeleted, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'question.delete', actorId: user.id, questionId: id });
    if (listed && Number(current.show) === 1) await shiftTagCounts(trx, id, -1);
    if (listed) await trx.updateTable('user').set((eb) => ({ question_count: eb('question_count', '-', 1) })).where('id', '=', String(question.user_id)).execute();
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}
