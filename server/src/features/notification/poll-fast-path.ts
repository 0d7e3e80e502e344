import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '@answer/contract';
import { etagOf, ifNoneMatchNames } from '../../core/etag.js';
import { type RouteAccess, mayCallRoute } from '../../core/guardian.js';
import { COMPRESS_MIN_BYTES, type FastPath } from '../../core/http-server.js';
import { resolveLanguage } from '../../core/i18n.js';
import { API_CACHE_CONTROL, COMMON_SECURITY_HEADERS } from '../../core/security-headers.js';
import { cachedSession, tokenFrom } from '../../core/session.js';
import { renderReaderOf } from '../pages/render-identity.js';
import type { Runtime } from '../../runtime.js';
import { cachedStatusReply } from './status.js';

/** The poll's path and who may call it: the route (routes.ts) and the fast path share both. */
export const POLL_PATH = `${API_PREFIX}/notification/status`;
export const POLL_ACCESS: RouteAccess = 'auth';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `GET /notification/status` answered before the framework. Every signed-in tab polls it every
 * 3 s, so on a busy site it is most requests, and Fastify's own work per request (hooks, request
 * and reply objects) costs more than the answer. When the caller's session and their status are
 * both in this process's caches and the guardian lets them call the route, the cached reply is
 * written here with the headers the full path gives it (security headers, ETag, 304). Anything
 * else (a miss, a refusal, HEAD, a query string, a page render's call, a site not installed yet)
 * goes through Fastify unchanged, which also fills the caches. docs/decisions.md.
 */
export function pollFastPath(runtime: Runtime): FastPath {
  return (req, res) => {
    if (req.url !== POLL_PATH || req.method !== 'GET' || !runtime.installed) return false;
    const body = cachedReplyFor(runtime, req);
    if (!body) return false;
    const tag = etagOf(body);
    const ifNoneMatch = req.headers['if-none-match'];
    const notModified = !!ifNoneMatch && ifNoneMatchNames(ifNoneMatch, tag);
    send(res, notModified, body, tag);
    return true;
  };
}

function cachedReplyFor(runtime: Runtime, req: IncomingMessage): Buffer | undefined {
  if (renderReaderOf(req.headers) !== undefined) return undefined;
  const token = tokenFrom(req.headers, undefined);
  if (!token) return undefined;
  const user = cachedSession(runtime.database, token);
  if (!user || !mayCallRoute(user, POLL_ACCESS, false)) return undefined;
  const body = cachedStatusReply(runtime, user, resolveLanguage(req.headers['accept-language']));
  // A body the compression plugin would compress is left to it.
  return body && body.length < COMPRESS_MIN_BYTES ? body : undefined;
}

function send(res: ServerResponse, notModified: boolean, body: Buffer, tag: string): void {
  const headers = { 'content-type': JSON_TYPE, ...COMMON_SECURITY_HEADERS, 'cache-control': API_CACHE_CONTROL, etag: tag };
  if (notModified) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
}
