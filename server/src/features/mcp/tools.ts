import { API_PREFIX, MCP_TOOLS, type McpToolName } from '@answer/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

type ToolInput<N extends McpToolName> = { [K in keyof (typeof MCP_TOOLS)[N]['input']]: z.infer<(typeof MCP_TOOLS)[N]['input'][K]> };

/** One call of this API in process, as the MCP request's caller (its key goes along). */
export type ApiCall = (method: 'GET' | 'POST', path: string, payload?: unknown) => Promise<{ status: number; body: { code?: number; reason?: string; msg?: string; data?: unknown } }>;

export function apiCallFor(request: FastifyRequest): ApiCall {
  return async (method, path, payload) => {
    const reply = await request.server.inject({
      method,
      url: `${API_PREFIX}${path}`,
      headers: { authorization: String(request.headers.authorization ?? ''), 'accept-language': request.lang, 'user-agent': String(request.headers['user-agent'] ?? '') },
      remoteAddress: request.ip,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    let body = {};
    try {
      body = JSON.parse(reply.body) as object;
    } catch {
      // Not JSON: only the status tells.
    }
    return { status: reply.statusCode, body };
  };
}

/** A tool's failure, as the API said it (its translated message), for the assistant to read. */
export class ToolError extends Error {}

async function data(call: ReturnType<ApiCall>): Promise<unknown> {
  const { status, body } = await call;
  if (status !== 200) throw new ToolError(body.msg || body.reason || `HTTP ${status}`);
  return body.data;
}

const q = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number | boolean] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();

/**
 * What each tool does: the same calls a client of this API would make, so every answer passes the
 * site's visibility rule and every write the owner's permissions, limits and review rules.
 */
export const TOOL_RUNNERS: { [N in McpToolName]: (input: ToolInput<N>, call: ApiCall) => Promise<unknown> } = {
  search: (input, call) => data(call('GET', `/search?${q({ q: input.query, order: input.order, page: input.page, size: 20 })}`)),
  get_question: async (input, call) => {
    const question = await data(call('GET', `/question/info?${q({ id: input.id })}`));
    const [answers, comments] = await Promise.all([
      data(call('GET', `/answer/page?${q({ question_id: input.id, page: 1, page_size: 50 })}`)),
      data(call('GET', `/comment/page?${q({ object_id: input.id, page: 1, page_size: 50 })}`)),
    ]);
    return { question, answers, comments };
  },
  list_questions: (input, call) => data(call('GET', `/question/page?${q({ order: input.order, tag: input.tag, page: input.page, page_size: 20 })}`)),
  list_tags: (input, call) => data(call('GET', `/tags/page?${q({ slug_name: input.query, page: input.page, page_size: 20 })}`)),
  get_tag: (input, call) => data(call('GET', `/tag?${q({ name: input.name })}`)),
  get_user: (input, call) => data(call('GET', `/personal/user/info?${q({ username: input.username })}`)),
  ask_question: (input, call) => data(call('POST', '/question', { title: input.title, content: input.content, tags: input.tags.map((slug_name) => ({ slug_name })) })),
  post_answer: (input, call) => data(call('POST', '/answer', { question_id: input.question_id, content: input.content })),
  add_comment: (input, call) => data(call('POST', '/comment', { object_id: input.object_id, original_text: input.content })),
  vote: (input, call) => data(call('POST', `/vote/${input.direction}`, { object_id: input.object_id, is_cancel: input.cancel ?? false })),
};
