import type { z } from 'zod';
import type { closeQuestionSchema } from '@answer/contract';
import { badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { publish } from '../events/publish.js';
import { ACT } from '../activity/types.js';
import { CLOSE_REASON_KEY } from './close-reason-key.js';
import { reasonList } from '../reason/service.js';
import { changedQuestionLists } from './list-cache.js';
import { findQuestion, lockQuestion } from './queries.js';
import { type AlsoInTx, Q, questionIdOrThrow } from './service.js';

const DUPLICATE_REASON = 'reason.a_duplicate';

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
};

/** An existing, not deleted question id, and the privilege to act on it: 404 before 403. */
export async function moderatedQuestionId(runtime: Runtime, user: SessionUser, rawId: string, privilege: string) {
  const id = questionIdOrThrow(rawId);
  const question = await findQuestion(runtime.database, id);
  if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
  ensure(user, privilege, await loadThresholds(runtime));
  return id;
}

/**
 * Closes a question (domain.md 5.10): one of the configured close reasons, a link to the original
 * for duplicates; the reason is kept in meta for the banner and the timeline. Only an available
 * question can be closed.
 */
export async function closeQuestion(runtime: Runtime, user: SessionUser, input: z.infer<typeof closeQuestionSchema>, also?: AlsoInTx): Promise<void> {
  const id = await moderatedQuestionId(runtime, user, input.id, 'question.close');
  const reason = ((await reasonList(runtime.database, 'question', 'close')) ?? []).find((r) => r.id === input.close_type);
  if (!reason) throw new FieldErrors([{ field: 'close_type', reason: 'error.question.close_type_invalid' }]);
  if (reason.key === DUPLICATE_REASON && !isHttpUrl(input.close_msg)) {
    throw new FieldErrors([{ field: 'close_msg', reason: 'error.common.invalid_url' }], 'error.common.invalid_url');
  }
  await closeAs(runtime, user, id, { close_type: reason.id, close_msg: input.close_msg }, also);
}

/**
 * The close itself, for a question id already checked: with a reason, or none when the admin's
 * status change closes it (upstream stores none then; the banner says "closed" without a reason).
 */
export async function closeAs(runtime: Runtime, user: SessionUser, id: string, reason: { close_type: number; close_msg: string } | null, also?: AlsoInTx) {
  const t = Math.floor(Date.now() / 1000);
  await runtime.database.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
    if (Number(question.status) === Q.closed) throw badRequest('error.question.already_closed');
    if (Number(question.status) === Q.pending) throw badRequest('error.question.under_review');
    await trx.updateTable('question').set({ status: Q.closed }).where('id', '=', id).execute();
    await trx.deleteFrom('meta').where('object_id', '=', id).where('key', '=', CLOSE_REASON_KEY).execute();
    if (reason) {
      await trx.insertInto('meta').values({ created_at: t, updated_at: t, object_id: id, key: CLOSE_REASON_KEY, value: JSON.stringify(reason) }).execute();
    }
    await recordEvent(trx, { type: ACT.questionClosed, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'question.close', actorId: user.id, questionId: id });
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}

/** Reopens a closed question (domain.md 5.10). */
export async function reopenQuestion(runtime: Runtime, user: SessionUser, rawId: string, also?: AlsoInTx): Promise<void> {
  const id = await moderatedQuestionId(runtime, user, rawId, 'question.reopen');
  await runtime.database.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
    if (Number(question.status) !== Q.closed) throw badRequest('error.question.not_closed');
    await trx.updateTable('question').set({ status: Q.available }).where('id', '=', id).execute();
    await recordEvent(trx, { type: ACT.questionReopened, userId: user.id, objectId: id, originalObjectId: id });
    await publish(trx, { kind: 'question.reopen', actorId: user.id, questionId: id });
    await also?.(trx);
  });
  await changedQuestionLists(runtime);
}
