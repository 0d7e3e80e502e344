import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { Page } from './envelope.js';

/** Request shapes of closing, reopening, pinning, hiding and undeleting posts (domain.md 5.10-5.13). */
const id = text('error.common.required').min(1, { message: 'error.common.required' }).max(40);

export const REASON_OBJECT_TYPES = ['question', 'answer', 'comment', 'user'] as const;
export const REASON_ACTIONS = ['status', 'close', 'flag', 'review'] as const;
export const reasonsQuery = z.object({
  object_type: z.enum(REASON_OBJECT_TYPES, { message: 'error.common.invalid' }),
  action: z.enum(REASON_ACTIONS, { message: 'error.common.invalid' }),
});

/** close_type is a reason id (a config row id); upstream clients send a number, a digit string is accepted too. */
const reasonId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number().int({ message: 'error.common.invalid' }).min(1, { message: 'error.common.invalid' }),
);
export const closeQuestionSchema = z.object({
  id,
  close_type: reasonId,
  close_msg: text().trim().max(500, { message: 'error.common.too_long' }).optional().default(''),
});
export const reopenQuestionSchema = z.object({ question_id: id });

export const QUESTION_OPERATIONS = ['pin', 'unpin', 'hide', 'show'] as const;
export type QuestionOperation = (typeof QUESTION_OPERATIONS)[number];
export const questionOperationSchema = z.object({
  id,
  operation: z.enum(QUESTION_OPERATIONS, { message: 'error.common.invalid' }),
});

export const recoverQuestionSchema = z.object({ question_id: id });
export const recoverAnswerSchema = z.object({ answer_id: id });

/**
 * Staff actions the moderation log records (docs/decisions.md, moderation log). Features add their
 * action here, so the admin page can offer every value as a filter.
 */
export const MODERATION_ACTIONS = [
  'flag.ignore',
  'flag.edit',
  'flag.close',
  'flag.delete',
  'flag.unlist',
  'review.approve',
  'review.reject',
  'question.status',
  'answer.status',
  'question.purge',
  'answer.purge',
  'question.edit',
  'answer.edit',
  'comment.edit',
  'comment.delete',
  'user.status',
  'user.role',
  'user.password',
  'user.profile',
  'user.create',
  'user.activation',
  'api_key.create',
  'api_key.revoke',
  'api_key.refused',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** `GET /answer/admin/api/moderation/log`: newest first, optionally one staff member's or one action's. */
export const moderationLogQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(20, 100),
  staff: text().max(100).optional().default(''),
  action: z.enum(MODERATION_ACTIONS).optional().catch(undefined),
  /** Only rows about this account (a user id; the admin's user page). */
  target_user_id: text().regex(/^\d{1,18}$/).optional().catch(undefined),
});

/** One row of the moderation log. */
export interface ModerationLogItem {
  id: string;
  created_at: number;
  action: ModerationAction;
  object_type: string;
  object_id: string;
  reason: string;
  detail: Record<string, unknown>;
  staff_user: { username: string; display_name: string; status: string } | null;
  target_user: { username: string; display_name: string; status: string } | null;
  /** Not in upstream: the post acted on (a question, answer or comment), to link it; null for accounts and keys. */
  post: { question_id: string; answer_id: string; title: string; url_title: string } | null;
}

export type ModerationLogPage = Page<ModerationLogItem>;
