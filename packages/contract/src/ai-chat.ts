import { z } from 'zod';
import type { Page } from './envelope.js';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';

/**
 * The assistant (issue 31, parts 2 and 3). Wire shapes follow upstream 2.0 where it has the call
 * (`POST /chat/completions`, `GET /ai/conversation/page`, `GET /ai/conversation`,
 * `POST /ai/conversation/vote` and the admin list, detail and delete), so its clients work; the
 * fields marked "ours" are extensions a 2.0 client ignores.
 */

/** Longest question a member may put to the assistant, in characters. */
export const AI_QUESTION_MAX = 2000;
/** A conversation id: chosen by the client (upstream's UI makes one) or by the server. */
export const AI_CONVERSATION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The question of a chat request: its last `user` message, trimmed ('' when none). */
export const lastUserMessage = (messages: ReadonlyArray<{ role: string; content: string }>): string =>
  [...messages].reverse().find((m) => m.role === 'user')?.content.trim() ?? '';

const conversationId = () => text('error.common.required').trim().regex(AI_CONVERSATION_ID, { message: 'error.common.invalid' });

/**
 * `POST /answer/api/v1/chat/completions`. As in upstream, the question is the last `user` message;
 * earlier turns come from the stored conversation, never from the client, so a client cannot put
 * words (or made-up sources) in the assistant's mouth.
 */
export const aiChatSchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant', 'system'], { message: 'error.common.invalid' }), content: text('error.common.required').max(AI_QUESTION_MAX * 4, { message: 'error.ai.question_too_long' }) }), { message: 'error.common.required' })
    .min(1, { message: 'error.common.required' })
    .max(50, { message: 'error.common.invalid' })
    .refine((m) => lastUserMessage(m) !== '', { message: 'error.ai.question_required' })
    .refine((m) => lastUserMessage(m).length <= AI_QUESTION_MAX, { message: 'error.ai.question_too_long' }),
  conversation_id: z.union([z.literal(''), conversationId()]).optional().default(''),
});
export type AiChatInput = z.input<typeof aiChatSchema>;

/** One post an answer may cite: `[n]` in the text links to `url`. */
export interface AiCitation {
  n: number;
  kind: 'question' | 'answer';
  object_id: string;
  question_id: string;
  title: string;
  /** The site-relative address of the exact post (an answer's is the question page with its anchor). */
  url: string;
}

/**
 * One server-sent event of the stream (`data: <json>`; the last event is `data: [DONE]`): an
 * OpenAI-style chunk. Upstream names the id `chat_completion_id`; OpenAI clients read `id`: both
 * are sent. The last chunk (`finish_reason` set) carries our fields.
 */
export interface AiChatChunk {
  id: string;
  chat_completion_id: string;
  conversation_id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{ index: 0; delta: { role?: 'assistant'; content?: string }; finish_reason: null | 'stop' | 'length' | 'error' }>;
  /** Ours: what the assistant is doing while no text flows yet ("searching" a query, "reading" a question). */
  step?: { kind: 'searching' | 'reading'; detail: string };
  /** Ours, last chunk: the posts the answer cites, in order of their numbers. */
  citations?: AiCitation[];
  /** Ours, last chunk: the answer rendered by the posts' Markdown sanitiser, `[n]` made links. */
  html?: string;
  /** Ours, last chunk: false when no post of the site supports the answer ("no answer yet"). */
  grounded?: boolean;
  /** Ours: a failure after the stream began (provider down, timeout, rate limit, malformed reply). */
  error?: { reason: string; msg: string };
}

/** `GET /answer/api/v1/ai/conversation/page` item. */
export interface AiConversationListItem {
  conversation_id: string;
  topic: string;
  created_at: number;
  /** Ours. */
  updated_at: number;
}

export type AiConversationPage = Page<AiConversationListItem>;

export interface AiConversationRecord {
  chat_completion_id: string;
  role: 'user' | 'assistant';
  /** Markdown as written (the member's question, or the assistant's answer). */
  content: string;
  /** Ours: the sanitised HTML of an assistant answer ('' for the member's question). */
  html: string;
  /** Ours. */
  citations: AiCitation[];
  /** Ours: true for an assistant answer that cites at least one post. */
  grounded: boolean;
  /** 1 when the member marked the answer helpful (upstream's 0/1 fields). */
  helpful: number;
  unhelpful: number;
  /** Ours: whether the member reported the answer. */
  reported: boolean;
  created_at: number;
}

export interface AiConversationDetail {
  conversation_id: string;
  topic: string;
  records: AiConversationRecord[];
  created_at: number;
  updated_at: number;
}

export const aiConversationPageSchema = z.object({ page: pageNumber(), page_size: pageSize(20) });
export const aiConversationIdSchema = z.object({ conversation_id: conversationId() });

export const aiConversationVoteSchema = z.object({
  chat_completion_id: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(80, { message: 'error.common.invalid' }),
  vote_type: z.enum(['helpful', 'unhelpful'], { message: 'error.common.invalid' }),
  cancel: z.boolean({ message: 'error.common.invalid_type' }).optional().default(false),
});

/** Ours: `POST /answer/api/v1/ai/conversation/report`, an answer that is wrong, harmful or leaks. */
export const aiConversationReportSchema = z.object({
  chat_completion_id: aiConversationVoteSchema.shape.chat_completion_id,
  reason: text().trim().max(500, { message: 'error.common.invalid' }).optional().default(''),
});

/** `GET /answer/admin/api/ai/conversation/page` item (upstream's fields, then ours). */
export interface AiAdminConversationItem {
  id: string;
  topic: string;
  user_info: { id: string; username: string; display_name: string; avatar: string; rank: number };
  helpful_count: number;
  unhelpful_count: number;
  created_at: number;
  report_count: number;
  tokens: number;
}

export type AiAdminConversationPage = Page<AiAdminConversationItem>;

export interface AiAdminConversationDetail {
  conversation_id: string;
  topic: string;
  user_info: AiAdminConversationItem['user_info'];
  records: Array<AiConversationRecord & { report_reason: string }>;
  created_at: number;
}

/**
 * Ours: `POST /answer/api/v1/ai/ask-summary` while asking: what the site already says about the
 * question being typed, with citations; `grounded` false when nothing on the site is about it.
 */
export const aiAskSummarySchema = z.object({
  title: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(150, { message: 'error.common.invalid' }),
  content: text().max(65535, { message: 'error.common.invalid' }).optional().default(''),
});

export interface AiAskSummary {
  html: string;
  citations: AiCitation[];
  grounded: boolean;
}

/** Ours: `GET /answer/api/v1/ai/status`, what the assistant offers the caller. */
export interface AiStatus {
  /** The assistant is switched on with a provider. */
  enabled: boolean;
  /** The caller may ask it (signed in, active, of an allowed role). */
  can_use: boolean;
  /** Questions left today; -1 without a daily limit. */
  remaining_today: number;
  semantic_search: boolean;
}

/** Ours: the AI figures on the admin dashboard. */
export interface AiUsage {
  enabled: boolean;
  /** Tokens spent this calendar month (UTC), and the budget (0: none). */
  tokens_this_month: number;
  monthly_token_budget: number;
  questions_today: number;
  conversations: number;
  helpful: number;
  unhelpful: number;
  reports: number;
}
