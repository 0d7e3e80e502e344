import { z } from 'zod';
import { pageNumber } from './paging.js';
import { text } from './text.js';
import type { Page } from './envelope.js';

/** Flags (domain.md 2.8, 5.10): `POST /report` and the flag review queue. */
const id = text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(40, { message: 'error.common.invalid' });

/** A reason id (a config row id); upstream clients send a number, a digit string is accepted too. */
const reasonId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number({ message: 'error.report.reason_required' }).int({ message: 'error.common.invalid' }).min(1, { message: 'error.common.invalid' }),
);

export const REPORT_CONTENT_MAX = 500;

export const reportSchema = z.object({
  object_id: id,
  report_type: reasonId,
  content: text().trim().max(REPORT_CONTENT_MAX, { message: 'error.common.too_long' }).optional().default(''),
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
});
export type ReportInput = z.infer<typeof reportSchema>;

export const flagQueueQuery = z.object({ page: pageNumber() });

/** What a reviewer can do with a flagged post (domain.md 5.10 table). */
export const FLAG_OPERATIONS = ['ignore_report', 'edit_post', 'close_post', 'delete_post', 'unlist_post'] as const;
export type FlagOperation = (typeof FLAG_OPERATIONS)[number];

/**
 * `PUT /report/review`. The edit fields are checked by the edit rules of the flagged object's kind
 * (question, answer or comment), the close fields by the close rules, when the operation needs them.
 */
export const flagReviewSchema = z.object({
  flag_id: id,
  operation_type: z.enum(FLAG_OPERATIONS, { message: 'error.common.invalid' }),
  close_type: z.unknown().optional(),
  close_msg: z.unknown().optional(),
  title: z.unknown().optional(),
  content: z.unknown().optional(),
  tags: z.unknown().optional(),
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
});
export type FlagReviewInput = z.infer<typeof flagReviewSchema>;

export interface FlagReason {
  reason_type: number;
  reason_key?: string;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}

/** A person as the flag queue shows them. */
export interface FlagUser {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: string;
  location?: string;
}

/** One open flag on the post (several people may have flagged it). */
export interface FlagEntry {
  flag_id: string;
  created_at: number;
  reason: FlagReason | null;
  reason_content: string;
  submitter_user: FlagUser | null;
}

/**
 * One flagged post of `GET /report/unreviewed/post`: upstream's fields, filled from the oldest open
 * flag (`submitter_user` is that flag's author), plus `flags`: every open flag on the post.
 */
export interface FlaggedPost {
  flag_id: string;
  /** When the post was written. */
  created_at: number;
  object_id: string;
  object_type: 'question' | 'answer' | 'comment';
  question_id: string;
  answer_id: string;
  comment_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  answer_count: number;
  answer_accepted: boolean;
  tags: { slug_name: string; display_name: string; main_tag_slug_name?: string; recommend: boolean; reserved: boolean }[];
  /** When the (oldest open) flag was made. */
  submit_at: number;
  object_status: number;
  object_show_status: number;
  reason: FlagReason | null;
  reason_content: string;
  author_user_info: FlagUser | null;
  submitter_user: FlagUser | null;
  flags: FlagEntry[];
}

export type FlaggedPostPage = Page<FlaggedPost>;
