import { SignInError } from './errors.js';
import { REQUEST_TIMEOUT_MS } from './timeouts.js';
import { isProviderUrl } from './urls.js';

/** Discovery documents, key sets and user-info answers are a few kilobytes; nothing needs more. */
export const MAX_RESPONSE_BYTES = 512 * 1024;
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

async function readBounded(response: Response): Promise<ArrayBuffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new SignInError('the provider answered with too much data');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_RESPONSE_BYTES) throw new SignInError('the provider answered with too much data');
      chunks.push(chunk);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/**
 * fetch for every call to the provider, also openid-client's (its customFetch): redirects are
 * never followed (a provider's endpoint answers itself; a redirect could lead the secret-bearing
 * request elsewhere), the answer is read up to a size limit, and the call ends after the timeout.
 */
export async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(url, { ...init, redirect: 'manual', signal });
  const body = await readBounded(response);
  // Already decoded by fetch: the length and encoding no longer describe the bytes handed on.
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(NULL_BODY.has(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/** A JSON answer of the provider; anything but a 2xx JSON answer is refused with what went wrong. */
export async function getJson(url: string, what: string, headers: Record<string, string>): Promise<unknown> {
  if (!isProviderUrl(url)) throw new SignInError(`the ${what} address is not https`);
  const response = await providerFetch(url, { method: 'GET', headers: { accept: 'application/json', ...headers } });
  if (response.status < 200 || response.status > 299) throw new SignInError(`the ${what} answered HTTP ${response.status}`);
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    throw new SignInError(`the ${what} did not answer JSON`);
  }
}
