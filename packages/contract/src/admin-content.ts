import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { Page } from './envelope.js';

/**
 * The admin's content lists and status changes (domain.md 5.12, admin panel), plus our own bulk
 * and permanent-deletion calls (docs/decisions.md, admin content).
 */
const id = text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(40, { message: 'error.common.too_long' });

/** The list tabs. `normal` is upstream's UI name; its swagger says `available`, which means the same. */
export const ADMIN_QUESTION_FILTERS = ['normal', 'closed', 'deleted', 'pending'] as const;
export const ADMIN_ANSWER_FILTERS = ['normal', 'deleted', 'pending'] as const;
export type AdminQuestionFilter = (typeof ADMIN_QUESTION_FILTERS)[number];
export type AdminAnswerFilter = (typeof ADMIN_ANSWER_FILTERS)[number];

const filterOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === undefined || v === '' || v === 'available' ? 'normal' : v), z.enum(values, { message: 'error.common.invalid' }));

/** Rows per page of the admin lists: 20 by default (domain.md 1.4), at most 100. */
export const ADMIN_CONTENT_PAGE_SIZE = 20;

/**
 * `query`: words of the title or text, `user:<username>` for one author's posts, or a post id
 * (long or short form; for answers also the id of their question).
 */
export const adminQuestionPageQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(ADMIN_CONTENT_PAGE_SIZE),
  status: filterOf(ADMIN_QUESTION_FILTERS),
  query: text().trim().max(200, { message: 'error.common.too_long' }).optional().default(''),
});

export const adminAnswerPageQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(ADMIN_CONTENT_PAGE_SIZE),
  status: filterOf(ADMIN_ANSWER_FILTERS),
  query: text().trim().max(200, { message: 'error.common.too_long' }).optional().default(''),
  question_id: text().trim().max(40, { message: 'error.common.too_long' }).optional().default(''),
});

export const ADMIN_QUESTION_STATUSES = ['available', 'closed', 'deleted'] as const;
export const ADMIN_ANSWER_STATUSES = ['available', 'deleted'] as const;
export type AdminQuestionStatus = (typeof ADMIN_QUESTION_STATUSES)[number];
export type AdminAnswerStatus = (typeof ADMIN_ANSWER_STATUSES)[number];

const questionStatus = z.enum(ADMIN_QUESTION_STATUSES, { message: 'error.common.invalid' });
const answerStatus = z.enum(ADMIN_ANSWER_STATUSES, { message: 'error.common.invalid' });

/** `PUT /answer/admin/api/question/status` (upstream). */
export const adminQuestionStatusSchema = z.object({ question_id: id, status: questionStatus });
/** `PUT /answer/admin/api/answer/status` (upstream); `available` on a deleted answer undeletes it. */
export const adminAnswerStatusSchema = z.object({ answer_id: id, status: answerStatus });

/** At most this many ids per bulk call: one page of the list. */
export const ADMIN_BULK_MAX = 100;
const ids = z
  .array(id, { message: 'error.common.invalid' })
  .min(1, { message: 'error.common.required' })
  .max(ADMIN_BULK_MAX, { message: 'error.common.too_long' });

/** Ours: `PUT /answer/admin/api/question/status/bulk {ids, status}`. */
export const adminBulkQuestionStatusSchema = z.object({ ids, status: questionStatus });
/** Ours: `PUT /answer/admin/api/answer/status/bulk {ids, status}`. */
export const adminBulkAnswerStatusSchema = z.object({ ids, status: answerStatus });
/** Ours: `POST /answer/admin/api/question/purge {ids}` and `.../answer/purge {ids}`: deleted posts only. */
export const adminPurgeSchema = z.object({ ids });

/** The author card of a row (UserBasicInfo). */
export interface AdminContentUser {
  id: string;
  username: string;
  rank: number;
  display_name: string;
  avatar: string;
  status: string;
}

/** One row of the admin question list: upstream's AdminQuestionInfo, plus status, url_title and the times. */
export interface AdminQuestionItem {
  id: string;
  title: string;
  url_title: string;
  status: number;
  show: number;
  pin: number;
  vote_count: number;
  answer_count: number;
  accepted_answer_id: string;
  create_time: number;
  update_time: number;
  edit_time: number;
  user_info: AdminContentUser | null;
}

/** One row of the admin answer list: upstream's AdminAnswerInfo, plus status and its question's url_title and status. */
export interface AdminAnswerItem {
  id: string;
  question_id: string;
  description: string;
  status: number;
  create_time: number;
  update_time: number;
  accepted: number;
  vote_count: number;
  user_info: AdminContentUser | null;
  question_info: { title: string; url_title: string; status: number };
}

/**
 * What a bulk call did to each id, in the order sent: `ok` with `changed` false when the post was
 * already in that state; otherwise the reason key and its translated message.
 */
export interface AdminBulkResult {
  id: string;
  ok: boolean;
  changed: boolean;
  reason: string;
  msg: string;
}

export type AdminQuestionPage = Page<AdminQuestionItem>;
export type AdminAnswerPage = Page<AdminAnswerItem>;
