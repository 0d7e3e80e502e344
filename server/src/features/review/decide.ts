import type { pendingPostDecisionSchema } from '@answer/contract';
import type { z } from 'zod';
import { badRequest, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import type { Runtime } from '../../runtime.js';
import { logModeration } from '../moderation/log.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { REVIEW } from './gate.js';
import { publishPendingAnswer, publishPendingQuestion, rejectPendingPost } from './publication.js';
import { ensureReviewer, reasonText } from './queue.js';

/**
 * `PUT /review/pending/post` (domain.md 5.11): approve publishes the post (counts, tags, the create
 * event and so its notifications and mails), reject deletes it. The review row is claimed first
 * with a conditional UPDATE, so of two reviewers at once exactly one acts and the other gets
 * "already reviewed". A post that stopped waiting meanwhile (its author deleted it) closes the
 * review without changing anything, and the reviewer is told.
 */
export async function decidePendingPost(runtime: Runtime, user: SessionUser, input: z.infer<typeof pendingPostDecisionSchema>): Promise<void> {
  ensureReviewer(user);
  const db = runtime.database;
  const review = await db.selectFrom('review').selectAll().where('id', '=', input.review_id).executeTakeFirst();
  if (!review) throw notFound('error.review.not_found');
  if (Number(review.status) !== REVIEW.pending) throw badRequest('error.review.already_reviewed');
  const objectType = Number(review.object_type) === OBJECT_TYPE.answer ? 'answer' : 'question';
  const objectId = String(review.object_id);
  const approve = input.status === 'approve';

  const changed = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('review')
      .set({ status: approve ? REVIEW.approved : REVIEW.rejected, reviewer_user_id: user.id, updated_at: Math.floor(Date.now() / 1000) })
      .where('id', '=', String(review.id))
      .where('status', '=', REVIEW.pending)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw badRequest('error.review.already_reviewed');
    const done = approve
      ? objectType === 'question'
        ? await publishPendingQuestion(trx, objectId)
        : await publishPendingAnswer(trx, objectId)
      : await rejectPendingPost(trx, objectType, objectId, user.id);
    if (done) {
      await logModeration(trx, {
        staffId: user.id,
        action: approve ? 'review.approve' : 'review.reject',
        objectType,
        objectId,
        targetUserId: String(review.user_id),
        reason: reasonText('en_US', review.reason),
        detail: { submitter: review.submitter },
      });
    }
    return done;
  });
  if (!changed) throw badRequest('error.review.post_changed');
  await changedQuestionLists(runtime);
}
