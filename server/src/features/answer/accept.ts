import { acceptAnswerSchema } from '@answer/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../core/errors.js';
import { can, type SessionUser } from '../../core/guardian.js';
import { toLongId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { publish } from '../events/publish.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { questionIdOrThrow } from '../question/service.js';
import { lockUsers, record, reverse } from '../reputation/ledger.js';
import { A } from './service.js';

export const acceptBody = acceptAnswerSchema;

/** Ledger types: answer.accepted (+15 to the answer's author), answer.accept (+2 to the asker). */
const ACCEPTED = 1;
const ACCEPT = 5;

/**
 * Accepts an answer, changes the accepted one, or un-accepts with an empty id (domain.md 5.8).
 * The question row is locked for the transaction, so concurrent accepts apply one after another
 * and a repeated accept of the same answer changes nothing. The answer must belong to the
 * question (upstream does not check: a quirk not copied).
 */
export async function acceptAnswer(runtime: Runtime, user: SessionUser, input: z.infer<typeof acceptBody>): Promise<void> {
  const db = runtime.database;
  const questionId = questionIdOrThrow(input.question_id);
  const answerId = input.answer_id && input.answer_id !== '0' ? toLongId(input.answer_id) : null;
  if (input.answer_id && input.answer_id !== '0' && !answerId) throw notFound('error.answer.not_found');
  const question = await db.selectFrom('question').select(['user_id', 'status']).where('id', '=', questionId).executeTakeFirst();
  if (!question || Number(question.status) === 10) throw notFound('error.question.not_found');
  const owner = String(question.user_id);
  if (!can(user, 'answer.accept', await loadThresholds(runtime), owner)) throw new AppError(403, 'error.rank.fail_to_meet_the_condition');

  await db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('question').select('accepted_answer_id').where('id', '=', questionId);
    if (dialectOf(trx) !== 'sqlite3') lock = lock.forUpdate();
    const previous = String((await lock.executeTakeFirstOrThrow()).accepted_answer_id);
    if ((answerId ?? '0') === previous) return;
    let answer: { user_id: string | number } | undefined;
    if (answerId) {
      answer = await trx.selectFrom('answer').select(['user_id']).where('id', '=', answerId).where('question_id', '=', questionId).where('status', '=', A.available).executeTakeFirst();
      if (!answer) throw notFound('error.answer.not_found');
    }
    // Rows first, then both people's reputation with their locks taken in id order (see lockUsers).
    let previousAuthor: string | null = null;
    if (previous !== '0') {
      const prev = await trx.selectFrom('answer').select('user_id').where('id', '=', previous).executeTakeFirst();
      previousAuthor = prev ? String(prev.user_id) : null;
      await trx.updateTable('answer').set({ adopted: 1 }).where('id', '=', previous).execute();
    }
    await trx.updateTable('question').set({ accepted_answer_id: answerId ?? '0' }).where('id', '=', questionId).execute();
    if (answerId) await trx.updateTable('answer').set({ adopted: 2 }).where('id', '=', answerId).execute();
    await lockUsers(trx, [owner, ...(previousAuthor ? [previousAuthor] : []), ...(answer ? [String(answer.user_id)] : [])]);
    if (previous !== '0') await reverse(trx, { objectId: previous, activityTypes: [ACCEPTED, ACCEPT] });
    await publish(trx, { kind: 'answer.accept', actorId: user.id, questionId, answerId: answerId ?? '0', previousAnswerId: previous });
    if (!answerId || !answer) return;
    // Accepting your own answer to your own question earns nothing (domain.md 3.1).
    const self = String(answer.user_id) === owner;
    await record(trx, { userId: String(answer.user_id), triggerUserId: user.id, objectId: answerId, originalObjectId: questionId, activityType: ACCEPTED, rank: self ? 0 : 15 });
    await record(trx, { userId: owner, triggerUserId: user.id, objectId: answerId, originalObjectId: questionId, activityType: ACCEPT, rank: self ? 0 : 2 });
  });
  await changedQuestionLists(runtime);
}
