import type { AiChatChunk, SiteInfo } from '@answer/contract';
import { act } from 'react';
import { vi } from 'vitest';
import { siteStore } from '../../state/site';
import { fakeApi, type FakeRoutes, type SentRequest } from '../../test-support/fake-api';

// Shared by the assistant's tests: a site with the assistant on, and a chat stream the test feeds.

export const CHAT = '/answer/api/v1/chat/completions';
export const MEMBER = { id: '5', access_token: 't', username: 'ann', display_name: 'Ann', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1 };

export const setAiSite = (on: boolean) => act(() => siteStore.set({ general: { name: 'Site' }, site_seo: { permalink: 1 }, ai_enabled: on } as unknown as SiteInfo));

/** One chunk of the stream: `content` a piece of text, `finish` the last chunk's reason, `extra` our fields. */
export function chunk(content: string, finish: AiChatChunk['choices'][0]['finish_reason'] = null, extra: Partial<AiChatChunk> = {}): AiChatChunk {
  return {
    id: 'cc1',
    chat_completion_id: 'cc1',
    conversation_id: 'conv',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-chat',
    choices: [{ index: 0, delta: content ? { content } : {}, finish_reason: finish }],
    ...extra,
  };
}

/** The answer's stream as the server sends it, fed by the test one event at a time. */
export function chatStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const bytes = (text: string) => new TextEncoder().encode(text);
  return {
    body,
    send: (c: AiChatChunk) => controller.enqueue(bytes(`data: ${JSON.stringify(c)}\n\n`)),
    /** Sends raw text, to split an event across reads. */
    raw: (text: string) => controller.enqueue(bytes(text)),
    done: () => {
      controller.enqueue(bytes('data: [DONE]\n\n'));
      controller.close();
    },
  };
}

/**
 * `fakeApi` for the JSON calls, and POST /chat/completions answered by `chat()`: a stream (as
 * event-stream) or a refusal envelope. Returns the JSON calls and the chat requests' bodies.
 */
export function fakeAiApi(routes: FakeRoutes, chat: () => ReadableStream<Uint8Array> | { status: number; reason: string; msg: string }) {
  const sent: SentRequest[] = fakeApi(routes);
  const api = globalThis.fetch;
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== CHAT) return api(url, init);
      asked.push(JSON.parse(String(init.body)));
      const reply = chat();
      if (reply instanceof ReadableStream) return new Response(reply, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      return new Response(JSON.stringify({ code: reply.status, reason: reply.reason, msg: reply.msg, data: null }), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent, asked };
}
