import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { COMPRESS_MIN_BYTES } from './http-server.js';
import { preferredEncoding } from './shared-reply.js';

/**
 * A page is compressed for every request (each carries its own CSP nonce, and a member's its own
 * replies), so a quick setting: quality 2 is about 150 µs for a 26 KB page and 9% larger than
 * quality 4. A 256 KB window is more than any page; the default 4 MB one only costs memory.
 */
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 2,
    [constants.BROTLI_PARAM_LGWIN]: 18,
  },
};
const GZIP = { level: 4 };

/**
 * Sends a page's HTML compressed here, in one synchronous call. Through @fastify/compress a page
 * went through a compression stream per reply, which cost ten times the compression itself
 * (2.8 ms of CPU for a 26 KB member page against 0.2 ms; issue 25). A Content-Encoding already
 * set makes @fastify/compress pass the body through untouched.
 */
export function sendPage(reply: FastifyReply, html: string | Buffer[]): FastifyReply {
  const body = typeof html === 'string' ? Buffer.from(html) : Buffer.concat(html);
  reply.header('vary', 'accept-encoding');
  const request = reply.request;
  const encoding =
    body.length >= COMPRESS_MIN_BYTES && request.headers['x-no-compression'] === undefined ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP));
}
