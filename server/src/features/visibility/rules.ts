import { can, type SessionUser } from '../../core/guardian.js';
import type { Thresholds } from '../../core/privileges.js';
import { A } from '../answer/service.js';
import { Q } from '../question/service.js';

/**
 * Who may see a post or tag: the one rule every read path asks, so that a deleted or pending
 * object cannot leak through a side door (revisions, comments, timelines, personal lists).
 * Rows here need only their status and author.
 */
interface Owned {
  status: number | string;
  user_id: string | number;
}

const DELETED_TAG = 10;
const UNLISTED = 2;

/** Question statuses everyone sees; lists filter on them in SQL. */
export const PUBLIC_QUESTION_STATUSES: number[] = [Q.available, Q.closed];

/** Deleted and pending questions are visible only to their author and to moderators. */
export function canSeeQuestion(user: SessionUser | null, question: Owned, thresholds: Thresholds): boolean {
  if (PUBLIC_QUESTION_STATUSES.includes(Number(question.status))) return true;
  return !!user && (String(question.user_id) === user.id || can(user, 'question.reopen', thresholds));
}

/**
 * Unlisted questions open by link for anyone but stay out of lists (a person's questions), except
 * for their author and those who may list them again.
 */
export function canListQuestion(user: SessionUser | null, question: Owned & { show: number | string }, thresholds: Thresholds): boolean {
  if (!canSeeQuestion(user, question, thresholds)) return false;
  if (Number(question.show) !== UNLISTED) return true;
  return !!user && (String(question.user_id) === user.id || can(user, 'question.show', thresholds));
}

/** An answer shares its question's visibility; deleted and pending answers are for their author and moderators. */
export function canSeeAnswer(user: SessionUser | null, answer: Owned, question: Owned, thresholds: Thresholds): boolean {
  if (!canSeeQuestion(user, question, thresholds)) return false;
  if (Number(answer.status) === A.available) return true;
  return !!user && (String(answer.user_id) === user.id || can(user, 'answer.delete', thresholds));
}

/** Deleted tags only for those who may restore them. */
export function canSeeTag(user: SessionUser | null, tag: { status: number | string }, thresholds: Thresholds): boolean {
  return Number(tag.status) !== DELETED_TAG || can(user, 'tag.undeleted', thresholds);
}
