import type { AiProviderName, AiTestResult } from '@answer/contract';
import { ProviderAddressRefused, providerRequest, ProviderTimeout, providerUrl } from './provider-http.js';

export const TEST_TIMEOUT_MS = 10_000;

/** Reasons map to `error.ai.test.<reason>` in locales/<lang>/backend.json. */
export type AiTestOutcome = Omit<AiTestResult, 'msg'>;

/**
 * The test button: `GET {api_host}/v1/models` with the key, as every OpenAI-compatible server
 * (OpenAI, Azure's v1 API, Ollama, vLLM, LiteLLM...) offers. It costs no tokens and proves the
 * address, the key and the protocol. The reply is untrusted: only model ids that are short strings
 * are kept, and anything else is "malformed". Never throws.
 */
export async function testProvider(p: { provider: AiProviderName; api_host: string; api_key: string }, timeoutMs = TEST_TIMEOUT_MS): Promise<AiTestOutcome> {
  const started = performance.now();
  const done = (reason: string, status = 0, models: string[] = []): AiTestOutcome => ({ ok: reason === '', reason, status, models, elapsed_ms: Math.round(performance.now() - started) });
  if (!p.api_host) return done('no_host');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (p.api_key) {
    headers.authorization = `Bearer ${p.api_key}`;
    // Azure OpenAI takes its key in a header of its own.
    if (p.provider === 'azure_openai') headers['api-key'] = p.api_key;
  }
  let reply;
  try {
    reply = await providerRequest(providerUrl(p.api_host, 'models'), { method: 'GET', headers, timeoutMs });
  } catch (error) {
    if (error instanceof ProviderTimeout) return done('timeout');
    if (error instanceof ProviderAddressRefused) return done('address_refused');
    return done('unreachable');
  }
  if (reply.status === 401 || reply.status === 403) return done('unauthorized', reply.status);
  if (reply.status === 429) return done('rate_limited', reply.status);
  if (reply.status < 200 || reply.status >= 300) return done('http_error', reply.status);
  const models = modelIds(reply.text);
  return models ? done('', reply.status, models) : done('malformed', reply.status);
}

/** `{data: [{id}]}` (OpenAI) or `{models: [{name}]}` (Ollama's own list); null for anything else. */
function modelIds(text: string): string[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const list = (body as { data?: unknown }).data ?? (body as { models?: unknown }).models;
  if (!Array.isArray(list)) return null;
  const ids = list
    .map((m) => (m && typeof m === 'object' ? ((m as { id?: unknown }).id ?? (m as { name?: unknown }).name) : undefined))
    .filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200);
  return ids.slice(0, 500);
}
