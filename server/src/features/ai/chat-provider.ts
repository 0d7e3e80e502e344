import type { AiProviderName } from '@answer/contract';
import { ProviderAddressRefused, providerStream, ProviderTimeout, providerUrl } from './provider-http.js';

/**
 * One call of an OpenAI-compatible `POST /v1/chat/completions`, streamed. Everything the provider
 * sends is untrusted: a text piece must be a string, a tool call's name a short identifier and its
 * arguments a bounded string; anything else ends the call as `malformed`. Failures are
 * ProviderFailure with a reason that maps to `error.ai.provider.<reason>` in the locales.
 */
export type ProviderFailureReason = 'unreachable' | 'timeout' | 'unauthorized' | 'rate_limited' | 'malformed' | 'http_error' | 'address_refused';

export class ProviderFailure extends Error {
  constructor(
    readonly reason: ProviderFailureReason,
    readonly status = 0,
  ) {
    super(`AI provider: ${reason}${status ? ` (HTTP ${status})` : ''}`);
  }
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: object };
}

export interface ChatProvider {
  provider: AiProviderName;
  api_host: string;
  api_key: string;
  model: string;
}

export interface ChatCallResult {
  content: string;
  toolCalls: ToolCall[];
  /** Tokens the provider reports (prompt + completion); null when it sends no usage. */
  tokens: number | null;
  finish: string;
}

/**
 * A slow model may think for a while before its first token; the whole answer has a ceiling.
 * Tests shorten them (a provider that never answers must not hold a test for half a minute).
 */
export const CHAT_TIMEOUTS = { firstByteMs: 30_000, totalMs: 120_000 };
const MAX_TOOL_CALLS = 8;
const MAX_ARGUMENTS = 4000;
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function headersFor(p: ChatProvider): Record<string, string> {
  const headers: Record<string, string> = {};
  if (p.api_key) {
    headers.authorization = `Bearer ${p.api_key}`;
    if (p.provider === 'azure_openai') headers['api-key'] = p.api_key;
  }
  return headers;
}

function failureOf(error: unknown): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  if (error instanceof ProviderTimeout) return new ProviderFailure('timeout');
  if (error instanceof ProviderAddressRefused) return new ProviderFailure('address_refused');
  return new ProviderFailure('unreachable');
}

function statusFailure(status: number): ProviderFailure {
  if (status === 401 || status === 403) return new ProviderFailure('unauthorized', status);
  if (status === 429) return new ProviderFailure('rate_limited', status);
  return new ProviderFailure('http_error', status);
}

/** Folds one parsed chunk into the call's state; throws `malformed` on anything off-protocol. */
function fold(state: ChatCallResult, chunk: unknown, onText: (piece: string) => void): void {
  if (!chunk || typeof chunk !== 'object') throw new ProviderFailure('malformed');
  const { choices, usage } = chunk as { choices?: unknown; usage?: unknown };
  if (usage && typeof usage === 'object') {
    const total = (usage as { total_tokens?: unknown }).total_tokens;
    const parts = [(usage as { prompt_tokens?: unknown }).prompt_tokens, (usage as { completion_tokens?: unknown }).completion_tokens];
    if (typeof total === 'number' && Number.isFinite(total) && total >= 0) state.tokens = Math.round(total);
    else if (parts.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) state.tokens = Math.round((parts[0] as number) + (parts[1] as number));
  }
  if (choices === undefined) return;
  if (!Array.isArray(choices)) throw new ProviderFailure('malformed');
  const choice = choices[0] as { delta?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown } | undefined;
  if (!choice) return;
  if (typeof choice.finish_reason === 'string') state.finish = choice.finish_reason.slice(0, 20);
  const delta = choice.delta;
  if (!delta) return;
  if (delta.content !== undefined && delta.content !== null) {
    if (typeof delta.content !== 'string') throw new ProviderFailure('malformed');
    if (delta.content) {
      state.content += delta.content;
      onText(delta.content);
    }
  }
  if (delta.tool_calls !== undefined && delta.tool_calls !== null) {
    if (!Array.isArray(delta.tool_calls)) throw new ProviderFailure('malformed');
    for (const part of delta.tool_calls as Array<{ index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }>) {
      const index = typeof part?.index === 'number' ? part.index : state.toolCalls.length;
      if (!Number.isInteger(index) || index < 0 || index >= MAX_TOOL_CALLS) throw new ProviderFailure('malformed');
      const call = (state.toolCalls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (typeof part.id === 'string') call.id = part.id.slice(0, 100);
      const fn = part.function;
      if (fn?.name !== undefined) {
        if (typeof fn.name !== 'string') throw new ProviderFailure('malformed');
        call.function.name += fn.name;
      }
      if (fn?.arguments !== undefined) {
        if (typeof fn.arguments !== 'string') throw new ProviderFailure('malformed');
        call.function.arguments += fn.arguments;
        if (call.function.arguments.length > MAX_ARGUMENTS) throw new ProviderFailure('malformed');
      }
    }
  }
}

/**
 * Streams one completion: `onText` gets each text piece as it arrives; the result holds the whole
 * text, any tool calls and the usage. Rejects with ProviderFailure before or during the stream.
 */
export async function streamChatCompletion(
  p: ChatProvider,
  request: { messages: ChatMessage[]; tools?: ToolSpec[]; toolChoice?: 'auto' | 'none'; maxTokens: number },
  onText: (piece: string) => void,
  signal?: AbortSignal,
): Promise<ChatCallResult> {
  const body = JSON.stringify({
    model: p.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: request.maxTokens,
    temperature: 0.2,
    ...(request.tools?.length ? { tools: request.tools, tool_choice: request.toolChoice ?? 'auto' } : {}),
  });
  let stream;
  try {
    stream = await providerStream(providerUrl(p.api_host, 'chat/completions'), { headers: headersFor(p), body, firstByteMs: CHAT_TIMEOUTS.firstByteMs, totalMs: CHAT_TIMEOUTS.totalMs, signal });
  } catch (error) {
    throw failureOf(error);
  }
  if (stream.status < 200 || stream.status >= 300) throw statusFailure(stream.status);

  const state: ChatCallResult = { content: '', toolCalls: [], tokens: null, finish: '' };
  let buffer = '';
  let done = false;
  let events = 0;
  const line = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || trimmed.startsWith(':') || !trimmed.startsWith('data:')) return;
    const data = trimmed.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw new ProviderFailure('malformed');
    }
    events++;
    fold(state, parsed, onText);
  };
  try {
    for await (const piece of stream.pieces) {
      buffer += piece;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    if (!done && buffer) line(buffer);
  } catch (error) {
    throw failureOf(error);
  }
  if (events === 0) throw new ProviderFailure('malformed');
  state.toolCalls = state.toolCalls.filter(Boolean);
  for (const call of state.toolCalls) {
    if (!TOOL_NAME.test(call.function.name)) throw new ProviderFailure('malformed');
    call.id ||= `call_${call.function.name}`;
  }
  return state;
}
