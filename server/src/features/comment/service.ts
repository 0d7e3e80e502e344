import type { z } from 'zod';
import type { commentSchema, editCommentSchema } from '@answer/contract';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { can, ensure, isAdmin, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Db } from '../../db/connect.js';
import { nextObjectId } from '../../db/uniqid.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { publish } from '../events/publish.js';
import { changedComments } from '../question/list-cache.js';
import { gateNewComment, NO_CLIENT, type PostClient } from '../review/gate.js';
import { ACT } from '../activity/types.js';
import { ensureAuthorMayPost } from '../user/posting.js';
import { resolveMentions } from './mentions.js';

const now = () => Math.floor(Date.now() / 1000);
export const EDIT_WINDOW_SECONDS = 5 * 60;
export const C = { available: 1, deleted: 10 } as const;

export function commentIdOrThrow(raw: string): string {
  const id = toLongId(raw);
  if (!id || id.slice(1, 4) !== '007') throw notFound('error.comment.not_found');
  return id;
}

export const findComment = (db: Db, id: string) => db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();

/** The question a comment hangs on, directly or through an answer; null if it cannot take comments. */
async function commentTarget(db: Db, objectId: string): Promise<{ questionId: string } | null> {
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    const q = await db.selectFrom('question').select(['id', 'status']).where('id', '=', objectId).executeTakeFirst();
    return q && Number(q.status) !== 10 ? { questionId: String(q.id) } : null;
  }
  if (type === OBJECT_TYPE.answer) {
    const a = await db.selectFrom('answer').select(['question_id', 'status']).where('id', '=', objectId).executeTakeFirst();
    return a && Number(a.status) !== 10 ? { questionId: String(a.question_id) } : null;
  }
  return null;
}

/** Adds a comment or a reply (domain.md 5.6). Returns the new id. */
export async function addComment(runtime: Runtime, user: SessionUser, input: z.infer<typeof commentSchema>, client: PostClient = NO_CLIENT): Promise<string> {
  const db = runtime.database;
  const objectId = toLongId(input.object_id);
  const target = objectId ? await commentTarget(db, objectId) : null;
  if (!objectId || !target) throw badRequest('error.object.already_deleted');
  ensure(user, 'comment.add', await loadThresholds(runtime));
  let replyUserId: string | null = null;
  let replyCommentId: string | null = null;
  if (input.reply_comment_id) {
    const replied = await findComment(db, commentIdOrThrow(input.reply_comment_id));
    if (!replied || Number(replied.status) !== C.available || String(replied.object_id) !== objectId) throw notFound('error.comment.not_found');
    replyUserId = String(replied.user_id);
    replyCommentId = String(replied.id);
  }
  // Mentions typed by hand are linked as picked ones are; the client's list is not needed (mentions.ts).
  const mentions = await resolveMentions(db, input.original_text);
  const text = mentions.text;
  const html = renderMarkdown(text);
  // Reviewer plugins may have it deleted at once (review/gate.ts); then nobody is notified.
  const status = await gateNewComment(runtime, user, { html, markdown: text }, client);
  const t = now();
  // The comment and its timeline event are written together.
  const commentId = await db.transaction().execute(async (trx) => {
    // The author's account, live, under a share lock: suspended meanwhile, nothing is written (issue 24, point 10).
    await ensureAuthorMayPost(trx, user, 'share');
    const id = await nextObjectId(trx, OBJECT_TYPE.comment);
    await trx
      .insertInto('comment')
      .values({
        id,
        created_at: t,
        updated_at: t,
        user_id: user.id,
        reply_user_id: replyUserId,
        reply_comment_id: replyCommentId,
        object_id: objectId,
        question_id: target.questionId,
        status,
        original_text: text,
        parsed_text: html,
      })
      .execute();
    const onQuestion = objectTypeOf(objectId) === OBJECT_TYPE.question;
    await recordEvent(trx, { type: onQuestion ? ACT.questionCommented : ACT.answerCommented, userId: user.id, objectId: id, originalObjectId: objectId });
    if (status !== C.available) return id;
    await publish(trx, { kind: 'comment.create', actorId: user.id, commentId: id, objectId, questionId: target.questionId, replyUserId, mentionUserIds: mentions.userIds });
    return id;
  });
  await changedComments(runtime);
  return commentId;
}

/** Authors may edit within 5 minutes; admins always (domain.md 5.6). No history is kept. */
export function canEditComment(user: SessionUser | null, comment: { user_id: string | number; created_at: number | string }): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return String(comment.user_id) === user.id && now() - Number(comment.created_at) <= EDIT_WINDOW_SECONDS;
}

export async function editComment(runtime: Runtime, user: SessionUser, input: z.infer<typeof editCommentSchema>): Promise<void> {
  const db = runtime.database;
  const comment = await findComment(db, commentIdOrThrow(input.comment_id));
  if (!comment || Number(comment.status) !== C.available) throw notFound('error.comment.not_found');
  if (!canEditComment(user, comment)) {
    if (String(comment.user_id) === user.id) throw badRequest('error.comment.cannot_edit_after_deadline');
    throw new AppError(403, 'error.comment.edit_without_permission');
  }
  await writeCommentText(runtime, user.id, comment, input.original_text);
}

/**
 * Rewrites a comment's text. The caller has decided who may: the author in time or an admin
 * (editComment), or staff handling a flag on it (report/review.ts; upstream's quirk let only the author).
 */
export async function writeCommentText(
  runtime: Runtime,
  actorId: string,
  comment: { id: unknown; object_id: unknown; question_id: unknown },
  text: string,
): Promise<void> {
  const commentId = String(comment.id);
  // An edit links new mentions too, but notifies nobody: only a new comment does (as upstream).
  const linked = (await resolveMentions(runtime.database, text)).text;
  await runtime.database.transaction().execute(async (trx) => {
    await trx.updateTable('comment').set({ original_text: linked, parsed_text: renderMarkdown(linked), updated_at: now() }).where('id', '=', commentId).execute();
    await publish(trx, { kind: 'comment.update', actorId, commentId, objectId: String(comment.object_id), questionId: String(comment.question_id) });
  });
  await changedComments(runtime);
}

export async function deleteComment(runtime: Runtime, user: SessionUser, rawId: string): Promise<void> {
  const db = runtime.database;
  const comment = await findComment(db, commentIdOrThrow(rawId));
  if (!comment || Number(comment.status) !== C.available) throw notFound('error.comment.not_found');
  if (!can(user, 'comment.delete', await loadThresholds(runtime), comment.user_id)) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
  await db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('comment').set({ status: C.deleted, updated_at: now() }).where('id', '=', String(comment.id)).where('status', '=', C.available).executeTakeFirst();
    if (!Number(done.numUpdatedRows)) return;
    await publish(trx, { kind: 'comment.delete', actorId: user.id, commentId: String(comment.id), objectId: String(comment.object_id), questionId: String(comment.question_id) });
  });
  await changedComments(runtime);
}
