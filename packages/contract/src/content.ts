import { z } from 'zod';
import { ANSWER_PAGE_SIZE_MAX, pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import { LIMITS } from './limits.js';
import type { Page } from './envelope.js';
import type { UserBasicInfo } from './people.js';
import type { TagBrief } from './tag.js';

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

/** GET /question/similar: questions like the title being typed. */
export const similarQuestionQuery = z.object({ title: text().max(150).default('') });
/** GET /question/similar/tag: questions related to one. */
export const relatedQuestionQuery = z.object({ question_id: text().min(1).max(40) });
/** POST /answer/acceptance: accept one answer ('' answer_id: none accepted). */
export const acceptAnswerSchema = z.object({
  question_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  answer_id: text().max(40).optional().default(''),
});
/** GET /revisions: the edit history of a question, answer or tag. */
export const revisionObjectQuery = z.object({ object_id: text().min(1).max(40) });
/** GET /revisions/edit/check: may the caller edit the object now (no edit waiting for review)? */
export const revisionCheckQuery = z.object({ id: text().min(1).max(40) });

/** POST /file: the multipart form of an image upload (`field`: which branding image, for its size rule). */
export const uploadFormSchema = z.object({
  source: z.enum(['post', 'avatar', 'branding']),
  field: text().optional(),
  file: z.file(),
});
/** POST /file: the URL of the stored image. */
export type UploadedFileUrl = string;

/* Replies of the question, answer, comment and revision calls (the OpenAPI document describes them from here). */

/** What the caller may do with an object, as buttons (edit, delete, close...). */
export interface MemberAction {
  action: string;
  name: string;
  type: string;
}
/** Who last acted on a listed question. */
export interface QuestionOperator {
  id: string;
  username: string;
  rank: number;
  display_name: string;
  status: string;
}
/** One question in a list (GET /question/page, the recommended feed, related questions). */
export interface QuestionListItem {
  id: string;
  created_at: number;
  title: string;
  url_title: string;
  description: string;
  pin: number;
  show: number;
  status: number;
  tags: TagBrief[];
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
  operated_at: number;
  operator: QuestionOperator | null;
  operation_type: string;
}
export type QuestionPage = Page<QuestionListItem>;
/** GET /question/similar/tag. */
export type RelatedQuestions = Page<QuestionListItem>;
/** The notice on a closed or otherwise moderated question. */
export interface QuestionOperationNotice {
  type: string;
  description: string;
  msg: string;
  time: number;
  level: string;
}
/**
 * Where an imported post came from (import/stackexchange): the original's address, its author
 * and licence, shown under the post as CC BY-SA requires. Absent on posts written here.
 */
export interface PostSource {
  url: string;
  author_name: string;
  author_url: string;
  license: string;
}
/** GET /question/info, and the reply of asking. */
export interface QuestionInfo {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  description: string;
  tags: TagBrief[];
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
  create_time: number;
  update_time: number;
  edit_time: number;
  pin: number;
  show: number;
  status: number;
  operation: QuestionOperationNotice | null;
  user_info: UserBasicInfo | null;
  update_user_info: UserBasicInfo | null;
  last_answered_user_info: UserBasicInfo | null;
  answered: boolean;
  first_answer_id: string;
  collected: boolean;
  vote_status: string;
  is_followed: boolean;
  member_actions: MemberAction[];
  extends_actions: MemberAction[];
  source?: PostSource;
}
/** One of GET /question/similar. */
export interface SimilarQuestion {
  id: string;
  title: string;
  url_title: string;
  view_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  status: number;
  accepted_answer: boolean;
}
export type SimilarQuestions = SimilarQuestion[];
/** PUT /question, /answer, /tag: whether the edit waits for review (url_title: questions only). */
export interface EditResult {
  url_title?: string;
  wait_for_review: boolean;
}
/** One answer (GET /answer/page, /answer/info). */
export interface AnswerItem {
  id: string;
  question_id: string;
  content: string;
  html: string;
  create_time: number;
  update_time: number;
  accepted: number;
  user_info: UserBasicInfo | null;
  update_user_info: UserBasicInfo | null;
  collected: boolean;
  vote_status: string;
  vote_count: number;
  status: number;
  member_actions: MemberAction[];
  source?: PostSource;
}
export type AnswerPage = Page<AnswerItem>;
/** GET /answer/info and the reply of answering. */
export interface AnswerInfo {
  info?: AnswerItem;
  question: QuestionInfo;
}
/** One comment (GET /comment/page, the reply of commenting). */
export interface CommentItem {
  comment_id: string;
  created_at: number;
  user_id: string;
  username: string;
  user_display_name: string;
  user_avatar: string;
  user_status: string;
  reply_user_id: string;
  reply_username: string;
  reply_user_display_name: string;
  reply_comment_id: string;
  reply_user_status: string;
  object_id: string;
  vote_count: number;
  is_vote: boolean;
  original_text: string;
  parsed_text: string;
  member_actions: MemberAction[];
}
export type CommentPage = Page<CommentItem>;
/** One entry of GET /revisions. */
export interface RevisionItem {
  id: string;
  object_id: string;
  title: string;
  url_title: string;
  /** The object as it was: a post's title, Markdown and tags (tags: slug names). */
  content: { title?: string; content?: string; tags?: string[] };
  status: number;
  reason: string;
  create_at: number;
  user_info: UserBasicInfo | null;
}
/** GET /revisions/edit/check: true when the caller may edit now. */
export type EditAllowed = boolean;
/** POST /post/render: the sanitised HTML of the Markdown. */
export type RenderedHtml = string;
/** One of GET /reasons: a reason offered when closing, flagging or deleting. */
export interface ReasonItem {
  reason_type: number;
  reason_key: string;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}
/** GET /activity/timeline. */
export interface ObjectTimeline {
  object_info: {
    title: string;
    object_type: 'question' | 'answer' | 'tag';
    question_id: string;
    answer_id: string;
    username: string;
    display_name: string;
    main_tag_slug_name: string;
  };
  timeline: TimelineEntry[];
}
export interface TimelineEntry {
  activity_id: string;
  revision_id: string;
  created_at: number;
  activity_type: string;
  comment: string;
  object_id: string;
  object_type: string;
  cancelled: boolean;
  cancelled_at: number;
  user_info: UserBasicInfo | null;
}
/** One side of GET /activity/timeline/detail. */
export interface TimelineRevision {
  title: string;
  tags: TagBrief[];
  original_text: string;
  slug_name: string;
  main_tag_slug_name: string;
}
/** GET /activity/timeline/detail. */
export interface TimelineDetail {
  new_revision: TimelineRevision;
  old_revision: TimelineRevision;
}
