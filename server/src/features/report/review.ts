import {
  closeQuestionSchema,
  commentBody,
  editAnswerSchema,
  editQuestionSchema,
  type FlagOperation,
  type FlagReviewInput,
  type ModerationAction,
} from '@answer/contract';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { deleteAnswer, editAnswer, findAnswer } from '../answer/service.js';
import { C, deleteComment, findComment, writeCommentText } from '../comment/service.js';
import { logModeration } from '../moderation/log.js';
import { closeQuestion } from '../question/close.js';
import { operateQuestion } from '../question/operations.js';
import { deleteQuestion, editQuestion } from '../question/service.js';
import { FLAG, FLAG_KIND, type FlagKind } from './flag.js';

/** What each operation records in the report rows (`flagged_type`) and the moderation log. */
const OPERATION: Record<FlagOperation, { flaggedType: number; log: ModerationAction }> = {
  ignore_report: { flaggedType: 1, log: 'flag.ignore' },
  edit_post: { flaggedType: 2, log: 'flag.edit' },
  close_post: { flaggedType: 3, log: 'flag.close' },
  delete_post: { flaggedType: 4, log: 'flag.delete' },
  unlist_post: { flaggedType: 5, log: 'flag.unlist' },
};

/**
 * `PUT /report/review` (domain.md 5.10), staff only. The operation runs through the same service
 * as the direct action (edit, close, delete, unlist), so revisions, timelines, counters, events,
 * notifications and badges follow as they do there; then every open flag on the object is marked
 * handled and the review is logged. A flag handled already (by another reviewer, or with another
 * flag on the same post) is a 400 `error.report.already_handled`, not upstream's silent success:
 * the reviewer learns that their decision was not the one applied.
 */
export async function reviewFlag(runtime: Runtime, user: SessionUser, input: FlagReviewInput): Promise<void> {
  if (!isStaff(user)) throw forbidden();
  const db = runtime.database;
  const flagId = toLongId(input.flag_id);
  const flag = flagId && objectTypeOf(flagId) === OBJECT_TYPE.report ? await db.selectFrom('report').selectAll().where('id', '=', flagId).executeTakeFirst() : undefined;
  if (!flag) throw notFound('error.report.not_found');
  if (Number(flag.status) !== FLAG.pending) throw badRequest('error.report.already_handled');
  const kind = FLAG_KIND[Number(flag.object_type)];
  if (!kind) throw notFound('error.report.not_found');
  const objectId = String(flag.object_id);
  const op = input.operation_type;

  const detail: Record<string, unknown> = { flag_id: String(flag.id) };
  let reason = '';
  if (op === 'edit_post') await editPost(runtime, user, kind, objectId, input);
  else if (op === 'close_post') {
    if (kind !== 'question') throw badRequest('error.report.operation_not_allowed');
    const close = parseInput(closeQuestionSchema, { id: objectId, close_type: input.close_type, close_msg: input.close_msg ?? '' });
    await closeQuestion(runtime, user, close);
    detail.close_type = close.close_type;
    reason = close.close_msg;
  } else if (op === 'delete_post') {
    if (kind === 'question') await deleteQuestion(runtime, user, objectId);
    else if (kind === 'answer') await deleteAnswer(runtime, user, objectId);
    else await deleteComment(runtime, user, objectId);
  } else if (op === 'unlist_post') {
    if (kind !== 'question') throw badRequest('error.report.operation_not_allowed');
    await operateQuestion(runtime, user, objectId, 'hide');
  }

  const t = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (trx) => {
    const resolved = await trx
      .updateTable('report')
      .set({ status: op === 'ignore_report' ? FLAG.ignored : FLAG.completed, flagged_type: OPERATION[op].flaggedType, open_object_id: null, updated_at: t })
      .where('object_id', '=', objectId)
      .where('status', '=', FLAG.pending)
      .executeTakeFirst();
    // Only ignoring changes nothing else: if another reviewer got there first, it is their decision.
    if (op === 'ignore_report' && Number(resolved.numUpdatedRows) === 0) throw badRequest('error.report.already_handled');
    detail.flags = Number(resolved.numUpdatedRows);
    await logModeration(trx, { staffId: user.id, action: OPERATION[op].log, objectType: kind, objectId, targetUserId: String(flag.reported_user_id), reason, detail });
  });
}

/** The edit of a flagged post, applied at once: staff edit without review (domain.md 5.10). */
async function editPost(runtime: Runtime, user: SessionUser, kind: FlagKind, objectId: string, input: FlagReviewInput): Promise<void> {
  if (kind === 'question') {
    await editQuestion(runtime, user, parseInput(editQuestionSchema, { id: objectId, title: input.title, content: input.content, tags: input.tags }));
    return;
  }
  if (kind === 'answer') {
    const answer = await findAnswer(runtime.database, objectId);
    if (!answer) throw notFound('error.answer.not_found');
    await editAnswer(runtime, user, parseInput(editAnswerSchema, { id: objectId, question_id: String(answer.question_id), content: input.content }));
    return;
  }
  // Upstream's comment edit silently did nothing unless the reviewer wrote the comment (quirk fixed).
  const { content: text } = parseInput(z.object({ content: commentBody }), { content: input.content });
  const comment = await findComment(runtime.database, objectId);
  if (!comment || Number(comment.status) !== C.available) throw notFound('error.comment.not_found');
  await writeCommentText(runtime, user.id, comment, text);
}
