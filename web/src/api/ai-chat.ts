import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  type AiAdminConversationDetail,
  type AiAdminConversationItem,
  type AiAskSummary,
  type AiChatChunk,
  type AiCitation,
  type AiConversationDetail,
  type AiConversationListItem,
  type AiConversationRecord,
  type AiStatus,
  type AiUsage,
  type Envelope,
  type FieldError,
  type Page,
} from '@answer/contract';
import { ApiError } from './api-error';
import { clientEnv } from './client-env';
import { get, post, request } from './client';
import { readSse } from './sse';

export type {
  AiAdminConversationDetail,
  AiAdminConversationItem,
  AiAskSummary,
  AiChatChunk,
  AiCitation,
  AiConversationDetail,
  AiConversationListItem,
  AiConversationRecord,
  AiStatus,
  AiUsage,
};

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new conversation's id: the client picks it, so the page knows its address before the answer ends. */
export function newConversationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => URL_SAFE[b & 63]).join('');
}

export const AI_KEYS = {
  status: ['ai', 'status'] as const,
  conversations: ['ai', 'conversations'] as const,
  conversation: (id: string) => ['ai', 'conversation', id] as const,
  admin: ['admin', 'ai-conversations'] as const,
  usage: ['admin', 'ai-usage'] as const,
};

export const getAiStatus = (signal?: AbortSignal) => get<AiStatus>(`${API_PREFIX}/ai/status`, { signal, allow401: true });
export const getAiConversations = (page: number, signal?: AbortSignal) =>
  get<Page<AiConversationListItem>>(`${API_PREFIX}/ai/conversation/page`, { params: { page, page_size: 20 }, signal });
export const getAiConversation = (conversationId: string, signal?: AbortSignal) =>
  get<AiConversationDetail>(`${API_PREFIX}/ai/conversation`, { params: { conversation_id: conversationId }, signal });
export const deleteAiConversation = (conversationId: string) => request<null>('DELETE', `${API_PREFIX}/ai/conversation`, { body: { conversation_id: conversationId } });
export const voteAiAnswer = (body: { chat_completion_id: string; vote_type: 'helpful' | 'unhelpful'; cancel: boolean }) =>
  post<null>(`${API_PREFIX}/ai/conversation/vote`, body);
export const reportAiAnswer = (body: { chat_completion_id: string; reason: string }) => post<null>(`${API_PREFIX}/ai/conversation/report`, body, { passingError: true });
/** What the site already says about a question being asked; the caller shows failures quietly. */
export const getAskSummary = (body: { title: string; content: string }, signal?: AbortSignal) =>
  post<AiAskSummary>(`${API_PREFIX}/ai/ask-summary`, body, { signal, passingError: true, ignore50x: true, allow401: true });

export const getAdminAiConversations = (page: number, signal?: AbortSignal) =>
  get<Page<AiAdminConversationItem>>(`${ADMIN_API_PREFIX}/ai/conversation/page`, { params: { page, page_size: 20 }, signal });
export const getAdminAiConversation = (conversationId: string, signal?: AbortSignal) =>
  get<AiAdminConversationDetail>(`${ADMIN_API_PREFIX}/ai/conversation`, { params: { conversation_id: conversationId }, signal });
export const deleteAdminAiConversation = (conversationId: string) =>
  request<null>('DELETE', `${ADMIN_API_PREFIX}/ai/conversation`, { body: { conversation_id: conversationId } });
export const getAiUsage = (signal?: AbortSignal) => get<AiUsage>(`${ADMIN_API_PREFIX}/ai/usage`, { signal, ignore50x: true });

/** The stream's last event. */
const DONE = '[DONE]';

/**
 * `POST /chat/completions`: the answer as server-sent events, each chunk handed to `onChunk` as it
 * arrives; settles when the stream ends. A refusal before the stream (not signed in, role, daily
 * limit, budget, assistant off, provider down) rejects with an ApiError carrying the server's
 * translated msg; it has no side effect (no login redirect, no error page), as the page shows it
 * where the answer would have been. No timeout: an answer may take a while, `signal` stops it.
 */
export async function streamChat(
  body: { question: string; conversationId: string },
  onChunk: (chunk: AiChatChunk) => void,
  signal?: AbortSignal,
): Promise<void> {
  const env = clientEnv();
  const response = await fetch(`${API_PREFIX}/chat/completions`, {
    method: 'POST',
    headers: {
      Authorization: env.token(),
      'Accept-Language': env.language(),
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    },
    body: JSON.stringify({ messages: [{ role: 'user', content: body.question }], conversation_id: body.conversationId }),
    credentials: 'include',
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    const envelope = (await response.json().catch(() => null)) as Partial<Envelope> | null;
    const data = envelope?.data ?? null;
    throw new ApiError(response.status, envelope?.reason ?? '', envelope?.msg ?? '', data, Array.isArray(data) ? (data as FieldError[]) : []);
  }
  await readSse(response.body, (data) => {
    if (data === DONE) return;
    try {
      onChunk(JSON.parse(data) as AiChatChunk);
    } catch {
      // A malformed event is skipped; the final chunk still settles the answer.
    }
  });
}
