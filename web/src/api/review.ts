import { ADMIN_API_PREFIX, API_PREFIX, type PendingPost, type PendingPostDecision, type ReviewSettings } from '@answer/contract';
import { get, request } from './client';
import type { PageOf, TagBrief, UserBrief } from './post-types';

export type ReviewQueueName = 'suggested_post_edit' | 'queued_post' | 'flagged_post';

/** A review queue and how many items wait in it for this reviewer (domain.md 5.9). */
export interface ReviewQueue {
  name: ReviewQueueName | string;
  label: string;
  todo_amount: number;
}

/** The object a suggested edit would change, as it is now. */
export interface ReviewedObject {
  object_id: string;
  question_id: string;
  answer_id?: string;
  /** The question title (for an answer, its question's), or the tag's slug. */
  title: string;
  url_title: string;
  /** Markdown of the question or answer, or the tag description. */
  content: string;
  tags: TagBrief[] | null;
  status: number;
}

/** The proposal: `content` is the revision's snapshot of the whole object (its shape depends on `type`). */
export interface RevisionProposal {
  id: string;
  object_id: string;
  title: string;
  url_title?: string;
  content: unknown;
  /** The editor's summary. */
  reason: string;
  create_at: number;
  status: number;
  user_info: UserBrief | null;
}

export interface SuggestedEdit {
  type: 'question' | 'answer' | 'tag' | string;
  info: ReviewedObject;
  unreviewed_info: RevisionProposal;
}

export type AuditOperation = 'approve' | 'reject';

export const getReviewQueues = (signal?: AbortSignal) => get<ReviewQueue[]>(`${API_PREFIX}/reviewing/type`, { signal });

/** The counts behind the navigation's badge: a failure there must not replace the page or raise a toast. */
export const getReviewQueueCounts = (signal?: AbortSignal) =>
  get<ReviewQueue[]>(`${API_PREFIX}/reviewing/type`, { signal, ignore50x: true, passingError: true });

/** One suggested edit per page. */
export const getSuggestedEdits = (page: number, signal?: AbortSignal) =>
  get<PageOf<SuggestedEdit>>(`${API_PREFIX}/revisions/unreviewed`, { params: { page }, signal });

export const auditRevision = (id: string, operation: AuditOperation) => request<unknown>('PUT', `${API_PREFIX}/revisions/audit`, { body: { id, operation } });

/** A queued post (domain.md 5.11), one per page; `object_id` narrows the queue to one post. */
export type { PendingPost, PendingPostDecision, ReviewSettings } from '@answer/contract';

export const getPendingPosts = (page: number, signal?: AbortSignal) =>
  get<PageOf<PendingPost>>(`${API_PREFIX}/review/pending/post/page`, { params: { page }, signal });

export const decidePendingPost = (reviewId: number, status: PendingPostDecision) =>
  request<unknown>('PUT', `${API_PREFIX}/review/pending/post`, { body: { review_id: reviewId, status } });

/** The built-in review rules (admin settings). */
export const getReviewSettings = (signal?: AbortSignal) =>
  get<ReviewSettings>(`${ADMIN_API_PREFIX}/siteinfo/review`, { signal });

export const saveReviewSettings = (settings: ReviewSettings) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/siteinfo/review`, { body: settings });
