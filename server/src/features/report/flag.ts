import type { ReportInput } from '@answer/contract';
import { badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import { isDeadlock, isUniqueViolation } from '../../db/errors.js';
import { nextObjectId } from '../../db/uniqid.js';
import type { Runtime } from '../../runtime.js';
import { A, findAnswer } from '../answer/service.js';
import { C, findComment } from '../comment/service.js';
import { publish } from '../events/publish.js';
import { findQuestion } from '../question/queries.js';
import { Q } from '../question/service.js';
import { reasonList } from '../reason/service.js';
import { canSeeAnswer, canSeeQuestion } from '../visibility/rules.js';

/** Report status (domain.md 2.8). */
export const FLAG = { pending: 1, completed: 2, ignored: 3 } as const;
export type FlagKind = 'question' | 'answer' | 'comment';
export const FLAG_KIND: Record<number, FlagKind> = { [OBJECT_TYPE.question]: 'question', [OBJECT_TYPE.answer]: 'answer', [OBJECT_TYPE.comment]: 'comment' };

const DUPLICATE_REASON = 'reason.a_duplicate';

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
};

export interface FlagTarget {
  kind: FlagKind;
  id: string;
  authorId: string;
}

/**
 * The object a flag is about, if the flagger may see it (else 404, as for an id that never
 * existed). Deleted objects, or comments on deleted posts, cannot be flagged (400); neither can a
 * post still waiting in the review queue, which staff are already looking at.
 */
async function flagTarget(runtime: Runtime, user: SessionUser, rawId: string, thresholds: Thresholds): Promise<FlagTarget> {
  const db = runtime.database;
  const id = toLongId(rawId);
  const kind = id ? FLAG_KIND[objectTypeOf(id) ?? 0] : undefined;
  if (!id || !kind) throw notFound('error.object.not_found');
  const gone = () => badRequest('error.object.already_deleted');
  const waiting = () => badRequest('error.report.under_review');

  const question = async (questionId: string) => {
    const q = await findQuestion(db, questionId);
    if (!q || !canSeeQuestion(user, q, thresholds)) throw notFound('error.question.not_found');
    if (Number(q.status) === Q.deleted) throw gone();
    if (Number(q.status) === Q.pending) throw waiting();
    return q;
  };
  const answer = async (answerId: string) => {
    const a = await findAnswer(db, answerId);
    const q = a ? await findQuestion(db, String(a.question_id)) : undefined;
    if (!a || !q || !canSeeAnswer(user, a, q, thresholds)) throw notFound('error.answer.not_found');
    await question(String(q.id));
    if (Number(a.status) === A.deleted) throw gone();
    if (Number(a.status) === A.pending) throw waiting();
    return a;
  };

  if (kind === 'question') return { kind, id, authorId: String((await question(id)).user_id) };
  if (kind === 'answer') return { kind, id, authorId: String((await answer(id)).user_id) };
  const comment = await findComment(db, id);
  if (!comment) throw notFound('error.comment.not_found');
  const parent = String(comment.object_id);
  if (objectTypeOf(parent) === OBJECT_TYPE.answer) await answer(parent);
  else await question(parent);
  if (Number(comment.status) !== C.available) throw gone();
  return { kind, id, authorId: String(comment.user_id) };
}

/**
 * `POST /report` (domain.md 5.10): a flag with one of the object type's flag reasons. A duplicate
 * needs the original's URL, reasons with a text field ("something else") need the text. One open
 * flag per user and object, held by a unique key (migration 0013): a repeat is refused, also
 * when 20 arrive at once. The flag and its `flag` event (First Flag badge) are written together.
 */
export async function addFlag(runtime: Runtime, user: SessionUser, input: ReportInput): Promise<void> {
  const db = runtime.database;
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'report.add', thresholds);
  const target = await flagTarget(runtime, user, input.object_id, thresholds);
  const reason = ((await reasonList(db, target.kind, 'flag')) ?? []).find((r) => r.id === input.report_type);
  if (!reason) throw new FieldErrors([{ field: 'report_type', reason: 'error.report.reason_invalid' }]);
  if (reason.key === DUPLICATE_REASON && !isHttpUrl(input.content)) {
    throw new FieldErrors([{ field: 'content', reason: 'error.common.invalid_url' }], 'error.common.invalid_url');
  }
  if (reason.content_type && !input.content) throw new FieldErrors([{ field: 'content', reason: 'error.report.content_required' }]);

  const t = Math.floor(Date.now() / 1000);
  const write = () =>
    db.transaction().execute(async (trx) => {
      const id = await nextObjectId(trx, OBJECT_TYPE.report);
      await trx
        .insertInto('report')
        .values({
          id,
          created_at: t,
          updated_at: t,
          user_id: user.id,
          object_id: target.id,
          reported_user_id: target.authorId,
          object_type: OBJECT_TYPE[target.kind],
          report_type: reason.id,
          content: input.content,
          status: FLAG.pending,
          open_object_id: target.id,
        })
        .execute();
      await publish(trx, { kind: 'flag', actorId: user.id, objectId: target.id });
    });
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('error.report.already_reported');
      // MariaDB may break a pile-up of inserts on one unique key as a deadlock: run again, and the
      // repeat then meets the committed flag as a duplicate.
      if (!isDeadlock(err) || attempt >= 5) throw err;
    }
  }
}
