import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Weak ETags on successful API reads, and 304 Not Modified when the client already holds the same
 * body (If-None-Match). The tag is a hash of the body as sent before compression, so it is the same
 * for every encoding (weak: same content, not the same bytes). Cached bodies are Buffers reused
 * from reply to reply, so their tag is computed once and remembered with them.
 */
const tagsOfCachedBodies = new WeakMap<Buffer, string>();

export function etagOf(payload: string | Buffer): string {
  if (typeof payload === 'string') return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  let tag = tagsOfCachedBodies.get(payload);
  if (!tag) {
    tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    tagsOfCachedBodies.set(payload, tag);
  }
  return tag;
}

/** Whether an If-None-Match header (a list of tags, or `*`) names `tag`; weak comparison. */
export function ifNoneMatchNames(header: string, tag: string): boolean {
  const bare = tag.slice(2);
  return header.split(',').some((t) => {
    const candidate = t.trim();
    return candidate === '*' || candidate === tag || candidate === bare;
  });
}

export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  if (!request.url.startsWith('/answer/')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('etag')) return payload;
  const tag = etagOf(payload);
  reply.header('ETag', tag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatchNames(ifNoneMatch, tag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
