import { ProviderAddressRefused, providerRequest, ProviderTimeout, providerUrl } from '../provider-http.js';
import type { EmbeddingSetup } from './setup.js';

/**
 * `POST {api_host}/v1/embeddings` with the chosen provider's embedding model. The reply is
 * untrusted: it must hold one vector per text, each an array of finite numbers, all of one length
 * (between MIN_DIMS and MAX_DIMS); anything else is a failure, as are timeouts, refusals and
 * non-2xx statuses. Callers never let a failure reach a reader: search falls back to full text, and
 * the outbox retries a post later.
 */
export class EmbeddingFailure extends Error {
  constructor(readonly reason: 'timeout' | 'unreachable' | 'address_refused' | 'unauthorized' | 'rate_limited' | 'http_error' | 'malformed', detail = '') {
    super(`embedding call failed: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

const MIN_DIMS = 2;
const MAX_DIMS = 8192;
/** A batch of 32 vectors of 3,072 numbers written as JSON is about 2 MB; more is not a reply we want. */
const MAX_REPLY_BYTES = 16 * 1024 * 1024;

export interface Embedded {
  vectors: Float32Array[];
  /** Tokens the provider says it used; an estimate (4 characters a token) when it says nothing. */
  tokens: number;
}

export async function embedTexts(setup: EmbeddingSetup, texts: string[], timeoutMs: number): Promise<Embedded> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (setup.api_key) {
    headers.authorization = `Bearer ${setup.api_key}`;
    // Azure OpenAI takes its key in a header of its own (as provider-test.ts).
    if (setup.provider === 'azure_openai') headers['api-key'] = setup.api_key;
  }
  let reply;
  try {
    reply = await providerRequest(providerUrl(setup.api_host, 'embeddings'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: setup.model, input: texts }),
      timeoutMs,
      maxBytes: MAX_REPLY_BYTES,
    });
  } catch (error) {
    if (error instanceof ProviderTimeout) throw new EmbeddingFailure('timeout');
    if (error instanceof ProviderAddressRefused) throw new EmbeddingFailure('address_refused');
    throw new EmbeddingFailure('unreachable', error instanceof Error ? error.message : '');
  }
  if (reply.status === 401 || reply.status === 403) throw new EmbeddingFailure('unauthorized', String(reply.status));
  if (reply.status === 429) throw new EmbeddingFailure('rate_limited', '429');
  if (reply.status < 200 || reply.status >= 300) throw new EmbeddingFailure('http_error', String(reply.status));
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    throw new EmbeddingFailure('malformed', 'not JSON');
  }
  const vectors = vectorsOf(body, texts.length);
  if (!vectors) throw new EmbeddingFailure('malformed');
  const estimate = Math.ceil(texts.reduce((n, t) => n + t.length, 0) / 4);
  return { vectors, tokens: tokensOf(body) ?? estimate };
}

/**
 * `{data: [{index, embedding: number[]}]}` with one entry per text (in `index` order when given),
 * every value finite and every vector of one length; null otherwise.
 */
export function vectorsOf(body: unknown, expected: number): Float32Array[] | null {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || data.length !== expected) return null;
  const out: (Float32Array | undefined)[] = new Array(expected);
  let dims = -1;
  for (let i = 0; i < data.length; i++) {
    const item = data[i] as { index?: unknown; embedding?: unknown } | null;
    if (!item || typeof item !== 'object' || !Array.isArray(item.embedding)) return null;
    const at = item.index === undefined ? i : item.index;
    if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= expected || out[at]) return null;
    const values = item.embedding as unknown[];
    if (dims === -1) dims = values.length;
    if (values.length !== dims || dims < MIN_DIMS || dims > MAX_DIMS) return null;
    if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    const vector = Float32Array.from(values as number[]);
    // A zero vector has no direction: no cosine can be taken with it.
    if (!vector.some((v) => v !== 0)) return null;
    out[at] = vector;
  }
  return out as Float32Array[];
}

function tokensOf(body: unknown): number | null {
  const usage = body && typeof body === 'object' ? (body as { usage?: { total_tokens?: unknown; prompt_tokens?: unknown } }).usage : undefined;
  const n = usage && typeof usage === 'object' ? (usage.total_tokens ?? usage.prompt_tokens) : undefined;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}
