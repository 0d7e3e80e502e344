import type { ReviewQueue } from '@answer/contract';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { countFlaggedPosts } from '../report/queue.js';
import { auditableTypes, countPendingSuggestions } from './suggestions.js';
import { countQueuedPosts } from '../review/queue.js';

const PENDING = 1;

/**
 * `GET /reviewing/type` (domain.md 5.9): the review queues with their to-do counts. Queued and
 * flagged posts are staff work; suggested edits count only the types the caller may review.
 */
export async function reviewingTypes(runtime: Runtime, user: SessionUser, lang: string) {
  const db = runtime.database;
  const queue = (name: ReviewQueue, todo: number | string | bigint) => ({ name, label: t(lang, `review.${name}`), todo_amount: Number(todo) });
  const queues = [];
  if (isStaff(user)) {
    const [queued, flagged] = await Promise.all([
      countQueuedPosts(db).then((n) => ({ n })),
      countFlaggedPosts(db),
    ]);
    queues.push(queue('queued_post', queued.n), queue('flagged_post', flagged));
  }
  const types = auditableTypes(user, await loadThresholds(runtime));
  queues.push(queue('suggested_post_edit', await countPendingSuggestions(db, user, types)));
  return queues;
}
