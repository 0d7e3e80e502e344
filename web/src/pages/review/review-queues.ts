import type { ReviewQueue } from '../../api/review';

export const SUGGESTED_EDITS = 'suggested_post_edit';
export const QUEUED_POSTS = 'queued_post';
export const FLAGGED_POSTS = 'flagged_post';

/** The queues this client knows how to name (domain.md 5.9). */
export const QUEUE_NAMES = ['suggested_post_edit', 'queued_post', 'flagged_post'] as const;

/** The translation key of a queue's name, or undefined for a queue this client does not know (shown with the server's label). */
export const queueLabelKey = (name: string): string | undefined =>
  (QUEUE_NAMES as readonly string[]).includes(name) ? `review.queue.${name}` : undefined;

/** The queue to open when the address names none: the first with work waiting, else suggested edits. */
export function defaultQueue(queues: readonly ReviewQueue[]): string {
  return queues.find((q) => q.todo_amount > 0)?.name ?? SUGGESTED_EDITS;
}
