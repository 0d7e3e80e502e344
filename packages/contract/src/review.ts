import { z } from 'zod';
import { pageNumber } from './paging.js';
import { rowId, text } from './text.js';
import type { Page } from './envelope.js';
import type { UserBasicInfo } from './people.js';
import type { TagBrief } from './tag.js';

/** Suggested-edit review (domain.md 5.9): the queue is read one suggestion per page. */
export const unreviewedRevisionQuery = z.object({
  page: pageNumber(),
});

export const REVISION_AUDIT_OPERATIONS = ['approve', 'reject'] as const;
export const revisionAuditSchema = z.object({
  id: rowId(),
  operation: z.enum(REVISION_AUDIT_OPERATIONS, { message: 'error.common.invalid' }),
});

/** Names of the review queues (`GET /reviewing/type`). */
export const REVIEW_QUEUES = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/**
 * Queued posts (domain.md 5.11): posts a review rule held back at creation, one per page. `object_id`
 * narrows the queue to one post (upstream clients send it when linking from the post).
 */
export const pendingPostQuery = z.object({
  page: pageNumber(),
  object_id: text().trim().max(40).optional().default(''),
});

export const PENDING_POST_DECISIONS = ['approve', 'reject'] as const;
export type PendingPostDecision = (typeof PENDING_POST_DECISIONS)[number];
/** Upstream clients send `review_id` as a number; a digit string is accepted too. */
export const pendingPostDecisionSchema = z.object({
  review_id: z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v), rowId()),
  status: z.enum(PENDING_POST_DECISIONS, { message: 'error.common.invalid' }),
});

/** One queued post as `GET /review/pending/post/page` lists it (upstream field names). */
export interface PendingPost {
  review_id: number;
  object_id: string;
  object_type: 'question' | 'answer';
  question_id: string;
  answer_id: string;
  comment_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string; main_tag_slug_name: string; recommend: boolean; reserved: boolean }[];
  object_status: number;
  object_show_status: number;
  created_at: number;
  submit_at: number;
  /** The rule that queued it (its translated name) and why. */
  submitter_display_name: string;
  reason: string;
  author_user_info: { id: string; username: string; display_name: string; avatar: string; rank: number; status: string; location: string } | null;
}

/** Limits of the review-rule settings. */
export const REVIEW_WORDS_MAX = 200;
export const REVIEW_WORD_LENGTH_MAX = 100;

const count = (max: number) =>
  z.number({ message: 'error.common.invalid' }).int({ message: 'error.common.invalid' }).min(0, { message: 'error.common.invalid' }).max(max, { message: 'error.common.invalid' });
const words = z
  .array(text().trim().max(REVIEW_WORD_LENGTH_MAX, { message: 'error.common.too_long' }), { message: 'error.common.invalid' })
  .max(REVIEW_WORDS_MAX, { message: 'error.common.too_long' })
  .transform((list) => [...new Set(list.filter(Boolean).map((w) => w.toLowerCase()))]);

/**
 * The built-in review rules (site_info group `review`, docs/decisions.md). Every rule is off by
 * default: 0 turns a number off, an empty list turns a word rule off, `max_links` null is no limit.
 */
export const reviewSettingsSchema = z.object({
  /** Queue every post of users whose reputation is below this. */
  reputation_below: count(1_000_000),
  /** Queue the posts of users with fewer approved (published) posts than this. */
  first_posts: count(1000),
  /** Queue posts that contain one of these words or phrases (case-insensitive, whole words). */
  review_words: words,
  /** Delete at once posts that contain one of these. */
  delete_words: words,
  /** Queue posts with more links than this. */
  max_links: count(1000).nullable(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const REVIEW_SETTINGS_DEFAULTS: ReviewSettings = { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null };

/** One suggested edit of GET /revisions/unreviewed. */
export interface UnreviewedRevision {
  type: 'question' | 'answer' | 'tag';
  info: {
    object_id: string;
    question_id: string;
    answer_id: string;
    title: string;
    url_title: string;
    content: string;
    html: string;
    tags: TagBrief[];
    status: number;
  };
  unreviewed_info: {
    id: string;
    object_id: string;
    title: string;
    url_title: string;
    content: { content: string; html: string } | { slug_name: string; display_name: string; original_text: string; parsed_text: string };
    reason: string;
    status: number;
    create_at: number;
    user_info: UserBasicInfo | null;
  };
}
export type UnreviewedRevisionPage = Page<UnreviewedRevision>;
/** One of GET /reviewing/type: a review queue and what waits in it. */
export interface ReviewingType {
  name: 'queued_post' | 'flagged_post' | 'suggested_post_edit';
  label: string;
  todo_amount: number;
}
export type PendingPostPage = Page<PendingPost>;
