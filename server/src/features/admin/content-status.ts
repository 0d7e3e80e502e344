import type { AdminAnswerStatus, AdminBulkResult, AdminQuestionStatus } from '@answer/contract';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import type { Runtime } from '../../runtime.js';
import { recoverAnswer } from '../answer/recover.js';
import { A, answerIdOrThrow, deleteAnswer, findAnswer } from '../answer/service.js';
import { logModeration } from '../moderation/log.js';
import { closeAs, reopenQuestion } from '../question/close.js';
import { findQuestion } from '../question/queries.js';
import { recoverQuestion } from '../question/recover.js';
import { type AlsoInTx, deleteQuestion, Q, questionIdOrThrow } from '../question/service.js';

const QUESTION_STATUS_NAME: Record<number, string> = { [Q.available]: 'available', [Q.closed]: 'closed', [Q.deleted]: 'deleted', [Q.pending]: 'pending' };
const ANSWER_STATUS_NAME: Record<number, string> = { [A.available]: 'available', [A.deleted]: 'deleted', [A.pending]: 'pending' };

/**
 * `PUT /answer/admin/api/question/status` (domain.md 5.12): the admin's status change goes through
 * the same services as the direct actions (delete, close, reopen, undelete), so counters, tags,
 * timeline, search and the author's notification follow exactly as they do there; the moderation
 * log entry is written in the same transaction. Returns false when the question already had that
 * status (nothing is done or logged). A question waiting for review is decided in the review queue.
 */
export async function setQuestionStatus(runtime: Runtime, admin: SessionUser, rawId: string, status: AdminQuestionStatus): Promise<boolean> {
  const id = questionIdOrThrow(rawId);
  const question = await findQuestion(runtime.database, id);
  if (!question) throw notFound('error.question.not_found');
  const from = Number(question.status);
  if (QUESTION_STATUS_NAME[from] === status) return false;
  const log: AlsoInTx = (trx) =>
    logModeration(trx, {
      staffId: admin.id,
      action: 'question.status',
      objectType: 'question',
      objectId: id,
      targetUserId: String(question.user_id),
      detail: { from: QUESTION_STATUS_NAME[from] ?? String(from), to: status },
    });
  const already = async () => QUESTION_STATUS_NAME[Number((await findQuestion(runtime.database, id))?.status)] === status;
  if (status === 'deleted') return changed(() => deleteQuestion(runtime, admin, id, log), already);
  if (from === Q.pending) throw badRequest('error.admin.content_pending');
  if (status === 'closed') {
    if (from === Q.deleted) throw badRequest('error.admin.undelete_first');
    return changed(() => closeAs(runtime, admin, id, null, log), already);
  }
  if (from === Q.deleted) return changed(() => recoverQuestion(runtime, admin, id, log), already);
  return changed(() => reopenQuestion(runtime, admin, id, log), already);
}

/**
 * Runs a status change; when the service refuses it because someone else made the same change
 * meanwhile (two admins, a double click), the post is where it was asked to be: not an error, and
 * only the change that happened is logged.
 */
async function changed(run: () => Promise<void>, already: () => Promise<boolean>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof AppError && (await already())) return false;
    throw error;
  }
}

/** `PUT /answer/admin/api/answer/status`: delete or undelete through the answer services, logged. */
export async function setAnswerStatus(runtime: Runtime, admin: SessionUser, rawId: string, status: AdminAnswerStatus): Promise<boolean> {
  const id = answerIdOrThrow(rawId);
  const answer = await findAnswer(runtime.database, id);
  if (!answer) throw notFound('error.answer.not_found');
  const from = Number(answer.status);
  if (ANSWER_STATUS_NAME[from] === status) return false;
  const log: AlsoInTx = (trx) =>
    logModeration(trx, {
      staffId: admin.id,
      action: 'answer.status',
      objectType: 'answer',
      objectId: id,
      targetUserId: String(answer.user_id),
      detail: { from: ANSWER_STATUS_NAME[from] ?? String(from), to: status, question_id: String(answer.question_id) },
    });
  const already = async () => ANSWER_STATUS_NAME[Number((await findAnswer(runtime.database, id))?.status)] === status;
  if (status === 'deleted') return changed(() => deleteAnswer(runtime, admin, id, log), already);
  if (from === A.pending) throw badRequest('error.admin.content_pending');
  return changed(() => recoverAnswer(runtime, admin, id, log), already);
}

/**
 * Applies one action to each id in turn, each in its own transaction (the action's own), and
 * reports what happened to every id: a failure of one (already gone, waiting for review) does
 * not undo or stop the others. Unexpected errors are logged and reported as `base.unknown`.
 */
export async function eachId(
  ids: string[],
  lang: string,
  log: { error: (obj: unknown, msg?: string) => void },
  action: (id: string) => Promise<boolean>,
): Promise<AdminBulkResult[]> {
  const results: AdminBulkResult[] = [];
  for (const id of ids) {
    try {
      const changed = await action(id);
      results.push({ id, ok: true, changed, reason: '', msg: '' });
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error, id }, 'admin bulk action failed');
      const reason = error instanceof AppError ? error.reason : 'base.unknown';
      const vars = error instanceof AppError ? error.vars : undefined;
      results.push({ id, ok: false, changed: false, reason, msg: t(lang, reason, vars) });
    }
  }
  return results;
}
