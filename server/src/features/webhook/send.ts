import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkUrl, guardedLookup } from './address.js';

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** How much of the receiver's answer is kept in the delivery log. */
const KEPT_BYTES = 512;

export interface SendResult {
  status: number;
  ms: number;
  /** The first bytes of the answer, or what went wrong. */
  body: string;
  ok: boolean;
}

/**
 * The signature a receiver checks: HMAC-SHA256 with the endpoint's secret over "<t>.<body>",
 * where t is the Unix time of sending (so a receiver can refuse old replays).
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function postOnce(url: URL, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<{ status: number; location?: string; text: string }> {
  checkUrl(url, allowPrivate);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: guardedLookup(allowPrivate) as never, timeout: TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start is kept; the rest is read and dropped so the connection can close cleanly.
          if (size < KEPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, text: Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * POSTs one delivery. Redirects are followed (307/308 keep the POST; at most three), each target
 * checked like the first; anything but a 2xx in the end is a failure. Never throws.
 */
export async function sendDelivery(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<SendResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    let url = new URL(target);
    for (let hop = 0; ; hop++) {
      const answer = await postOnce(url, body, headers, allowPrivate);
      if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location && hop < MAX_REDIRECTS) {
        url = new URL(answer.location, url);
        if (!/^https?:$/.test(url.protocol)) return { status: answer.status, ms: ms(), body: `redirect to ${url.protocol} refused`, ok: false };
        continue;
      }
      return { status: answer.status, ms: ms(), body: answer.text, ok: answer.status >= 200 && answer.status < 300 };
    }
  } catch (error) {
    return { status: 0, ms: ms(), body: (error instanceof Error ? error.message : String(error)).slice(0, KEPT_BYTES), ok: false };
  }
}
