import type { PendingPost } from '../../api/review';
import { questionPath } from '../../components/question-links';

/** The heading naming what kind of post waits. */
export const queuedHeadingKey = (post: PendingPost): string => (post.object_type === 'answer' ? 'review.queued.answer' : 'review.queued.question');

/** The page of the queued post (staff may open it while it waits). */
export function queuedPostPath(post: PendingPost, permalink: number | undefined): string {
  return questionPath(permalink, { id: post.question_id || post.object_id, url_title: post.url_title }, post.object_type === 'answer' ? post.answer_id : undefined);
}
