import { z } from 'zod';
import { ANSWER_PAGE_SIZE_MAX, pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import { LIMITS } from './limits.js';

/** Request bodies of questions, answers and comments (domain.md 5.2-5.6; spec section 5). */
const captcha = {
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
};

export const tagInputSchema = z.object({
  slug_name: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(LIMITS.tagNameMax, { message: 'error.tag.too_long' }),
  display_name: text().max(LIMITS.tagNameMax, { message: 'error.tag.too_long' }).optional(),
  original_text: text().max(65536).optional(),
});

export const questionTitle = text('error.common.required')
  .trim()
  .min(1, { message: 'error.common.required' })
  .max(LIMITS.questionTitleMax, { message: 'error.question.title_too_long' });

export const postBody = text('error.common.required')
  .refine((s) => s.trim().length > 0, { message: 'error.common.required' })
  .refine((s) => s.length <= 65535, { message: 'error.common.too_long' });

export const answerBody = text('error.common.required')
  .refine((s) => s.trim().length >= LIMITS.answerMin, { message: 'error.answer.content_too_short' })
  .refine((s) => s.length <= 65535, { message: 'error.common.too_long' });

const tags = z.array(tagInputSchema, { message: 'error.tag.required' }).min(1, { message: 'error.tag.required' }).max(10, { message: 'error.tag.too_many' });
const id = text('error.common.required').min(1, { message: 'error.common.required' }).max(40);

export const askSchema = z.object({ title: questionTitle, content: postBody, tags, ...captcha });
export const askWithAnswerSchema = askSchema.extend({ answer_content: answerBody, mention_username_list: z.array(text().max(30)).max(50).optional() });
export const editQuestionSchema = askSchema.extend({ id, edit_summary: text().max(255).optional().default('') });

export const answerSchema = z.object({ question_id: id, content: answerBody, ...captcha });
export const editAnswerSchema = answerSchema.extend({ id, edit_summary: text().max(255).optional().default('') });

export const commentBody = text('error.common.required')
  .trim()
  .min(2, { message: 'error.comment.length' })
  .max(600, { message: 'error.comment.length' });
export const commentSchema = z.object({
  object_id: id,
  original_text: commentBody,
  reply_comment_id: text().max(40).optional().default(''),
  mention_username_list: z.array(text().max(30)).max(50).optional().default([]),
  ...captcha,
});
export const editCommentSchema = z.object({ comment_id: id, original_text: commentBody, ...captcha });
export const deleteByIdSchema = z.object({ id, ...captcha });
export const deleteCommentSchema = z.object({ comment_id: id, ...captcha });

export const QUESTION_ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered', 'recommend', 'frequent'] as const;
export const questionPageQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(10),
  order: z.enum(QUESTION_ORDERS, { message: 'error.common.invalid' }).optional().default('newest'),
  tag: text().max(35).optional(),
  username: text().max(30).optional(),
  in_days: z.coerce.number().int().min(1).max(3650).optional(),
});

export const ANSWER_ORDERS = ['default', 'updated', 'created', 'vote'] as const;
export const answerPageQuery = z.object({
  question_id: id,
  page: pageNumber(),
  page_size: pageSize(20, ANSWER_PAGE_SIZE_MAX),
  order: z.enum(ANSWER_ORDERS, { message: 'error.common.invalid' }).optional().default('default'),
});

export const commentPageQuery = z.object({
  object_id: id,
  comment_id: text().max(40).optional(),
  query_cond: z.enum(['vote', 'created_at', ''], { message: 'error.common.invalid' }).optional().default(''),
  page: pageNumber(),
  page_size: pageSize(10),
});

export const idQuery = z.object({ id });
export const renderSchema = z.object({ content: text('error.common.required').max(65535, { message: 'error.common.too_long' }) });
