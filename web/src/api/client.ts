import { type Envelope, TIMINGS } from '@answer/contract';
import { type ApiReply, clientEnv } from './client-env';
import { type FailureOptions, handleFailure, handleNoReply } from './response-handling';
import { takePreloadedReply } from './preloaded-replies';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions extends FailureOptions {
  params?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one when a query is dropped). */
  signal?: AbortSignal;
}

function withQuery(url: string, params?: Record<string, QueryValue>): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function readEnvelope(response: ApiReply): Promise<Partial<Envelope> | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<Envelope>) : null;
  } catch {
    // Not JSON (a proxy's error page, an empty 502): the status alone decides.
    return null;
  }
}

/** A successful call's `data` with the server's `msg`, for the calls whose message is meant for the person. */
export interface Reply<T> {
  data: T;
  msg: string;
}

/**
 * The one way the app talks to the server (spec section 7): session token and language headers,
 * cookies, a 10 s timeout, the envelope's `data` and `msg` on success and the spec's response table
 * on failure.
 */
export async function requestReply<T>(method: string, url: string, options: RequestOptions = {}): Promise<Reply<T>> {
  const env = clientEnv();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMINGS.requestTimeoutMs);
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel);

  // Upstream servers read the raw token (no "Bearer ") and an underscore language code.
  const headers: Record<string, string> = { Authorization: env.token(), 'Accept-Language': env.language() };
  let body: BodyInit | undefined;
  if (typeof FormData !== 'undefined' && options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  try {
    let response: ApiReply;
    let envelope: Partial<Envelope> | null;
    try {
      const target = withQuery(url, options.params);
      const preloaded = method === 'GET' ? takePreloadedReply(target) : undefined;
      response = preloaded ?? await (env.fetch ?? fetch)(target, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      if (response.status === 204) return { data: true as T, msg: '' };
      envelope = await readEnvelope(response);
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw handleNoReply(url, timedOut, options, env);
    }
    if (response.ok) return { data: (envelope?.data ?? null) as T, msg: envelope?.msg ?? '' };
    throw handleFailure({ url, status: response.status, envelope, options }, env);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** A call's `data` (what almost every caller needs). */
export async function request<T>(method: string, url: string, options?: RequestOptions): Promise<T> {
  return (await requestReply<T>(method, url, options)).data;
}

export const get = <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options);
export const post = <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, body });
