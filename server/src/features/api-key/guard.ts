import { ADMIN_API_PREFIX, API_KEY_PREFIX, API_PREFIX } from '@answer/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { takeTicket } from '../captcha/records.js';
import { logModeration } from '../moderation/log.js';
import { type ApiKeyCaller, type KeyRefusal, resolveApiKey, touchKey } from './keys.js';

/** Requests one key may make per minute, whoever owns it (docs/api.md); tests lower it. */
export const keyLimits = { perMinute: 600 };
/** A refused site key is written to the moderation log at most this often (a client retrying in a loop writes one row). */
const REFUSAL_LOG_SECONDS = 600;

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * Calls no key may make, whatever its scope: managing keys, and what would let a key take the
 * account over (its password, its e-mail address, its logins) or end a session it does not have.
 * Matched on the route's pattern, so every path of one route is covered.
 */
const SESSION_ONLY = new Set(
  [
    `GET ${API_PREFIX}/user/api-key/all`,
    `POST ${API_PREFIX}/user/api-key`,
    `PUT ${API_PREFIX}/user/api-key`,
    `DELETE ${API_PREFIX}/user/api-key`,
    `GET ${ADMIN_API_PREFIX}/api-key/all`,
    `POST ${ADMIN_API_PREFIX}/api-key`,
    `PUT ${ADMIN_API_PREFIX}/api-key`,
    `DELETE ${ADMIN_API_PREFIX}/api-key`,
    `PUT ${API_PREFIX}/user/password`,
    `PUT ${API_PREFIX}/user/email`,
    `POST ${API_PREFIX}/user/email/change/code`,
    `GET ${API_PREFIX}/user/logout`,
    `GET ${API_PREFIX}/user-center/logout`,
    `DELETE ${API_PREFIX}/connector/user/unbinding`,
  ],
);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** POSTs that only read: the MCP endpoint (each write tool is a write call of its own, checked again). */
const POSTED_READS = new Set([`POST ${API_PREFIX}/mcp`]);

/**
 * The caller behind an `Authorization: Bearer ans_…` header: the key's owner, narrowed by the key
 * (checked in `ensureKeyAllows`). A key that does not work is refused here with 401 and the reason,
 * instead of the request going on as a visitor's: a client must learn its key stopped working.
 */
export async function authenticateApiKey(runtime: Runtime, request: FastifyRequest, secret: string): Promise<ApiKeyCaller> {
  const resolved = await resolveApiKey(runtime, secret);
  if ('reason' in resolved) {
    await logRefusal(runtime, resolved);
    throw new AppError(401, resolved.reason);
  }
  await touchKey(runtime, resolved.id, request.ip);
  return resolved;
}

/**
 * What a key may call, after the route's own access rule has passed for its owner: a `read` key
 * only reads, a `write` key also writes, and only an `admin` key (a site key) reaches the admin
 * API. Each key also has its own rate limit, counted exactly across instances.
 */
export async function ensureKeyAllows(runtime: Runtime, request: FastifyRequest, key: ApiKeyCaller): Promise<void> {
  const route = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`;
  const denied = SESSION_ONLY.has(route)
    ? 'error.api_key.session_only'
    : (request.url.startsWith(ADMIN_API_PREFIX) && key.scope !== 'admin') || (!READS.has(request.method) && !POSTED_READS.has(route) && key.scope === 'read')
      ? 'error.api_key.scope'
      : null;
  if (denied) {
    await logRefusal(runtime, { reason: denied, keyId: key.id, site: key.site, ownerId: key.user.id });
    throw new AppError(403, denied);
  }
  const ticket = await takeTicket(runtime.database, 'api_key', key.id, 60);
  if (ticket.count > keyLimits.perMinute) throw new AppError(429, 'error.api_key.rate_limited', null, undefined, { max: keyLimits.perMinute });
}

/** A site key that failed is logged for the administrators, once per key in a while. */
async function logRefusal(runtime: Runtime, refusal: KeyRefusal | { reason: string; keyId: string; site: boolean; ownerId: string }): Promise<void> {
  if (!refusal.site || !refusal.keyId || !refusal.ownerId) return;
  if (!(await runtime.shared.add(`api-key-refused:${refusal.keyId}:${refusal.reason}`, 1, REFUSAL_LOG_SECONDS))) return;
  await logModeration(runtime.database, {
    staffId: refusal.ownerId,
    action: 'api_key.refused',
    detail: { id: refusal.keyId, reason: refusal.reason },
  });
}
