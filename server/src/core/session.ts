import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.js';
import type { Runtime } from '../runtime.js';
import type { SessionUser } from './guardian.js';
import type { Invalidation } from './invalidation.js';

/**
 * Server-side sessions. Access and visit tokens are 256-bit values from the CSPRNG; only their
 * SHA-256 digests are stored, so a leaked database does not leak live tokens. Sessions live in the
 * database, so they survive restarts and are shared by every server instance.
 */
export const newToken = () => randomBytes(32).toString('base64url');
export const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

export interface IssuedSession {
  accessToken: string;
  visitToken: string;
  expiresAt: number;
}

/** `lifetimeSeconds` comes from the site's security group (session_lifetime_days), read at sign-in. */
export async function issueSession(
  db: Db,
  userId: string | number,
  lifetimeSeconds: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<IssuedSession> {
  const accessToken = newToken();
  const visitToken = newToken();
  const created = now();
  const expiresAt = created + lifetimeSeconds;
  await db
    .insertInto('session')
    .values({
      token: digest(accessToken),
      visit_token: digest(visitToken),
      user_id: String(userId),
      created_at: created,
      expires_at: expiresAt,
      ip: (meta.ip ?? '').slice(0, 64),
      user_agent: (meta.userAgent ?? '').slice(0, 255),
    })
    .execute();
  return { accessToken, visitToken, expiresAt };
}

/**
 * The caller behind an access token (or, for the server's own page renders, behind a visit cookie:
 * features/pages/render-identity.ts), with live role and status; null when unknown or expired.
 */
export async function resolveSession(db: Db, accessToken: string, by: 'token' | 'visit_token' = 'token'): Promise<SessionUser | null> {
  if (!accessToken || accessToken.length > 200) return null;
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.user_id')
    .leftJoin('user_role_rel', 'user_role_rel.user_id', 'session.user_id')
    .select(['user.id', 'user.username', 'user.mail_status', 'user.status', 'user.suspended_until', 'user.rank', 'user_role_rel.role_id', 'session.expires_at'])
    .where(`session.${by}`, '=', digest(accessToken))
    .executeTakeFirst();
  if (!row || Number(row.expires_at) < now()) return null;
  let status = Number(row.status);
  if (status === 9 && Number(row.suspended_until) > 0 && Number(row.suspended_until) <= now()) {
    await liftEndedSuspensions(db, row.id);
    status = 1;
  }
  return {
    id: String(row.id),
    username: row.username,
    roleId: Number(row.role_id ?? 1),
    mailStatus: Number(row.mail_status),
    status,
    rank: Number(row.rank),
  };
}

/**
 * Suspensions whose end has passed become available accounts again (one user's, or all). The
 * update is conditional, so concurrent requests, the admin list and a new suspension set meanwhile
 * cannot undo one another: only a row still suspended with an ended term is changed.
 */
export async function liftEndedSuspensions(db: Db, userId?: string | number): Promise<void> {
  let q = db
    .updateTable('user')
    .set({ status: 1, suspended_at: 0, suspended_until: 0 })
    .where('status', '=', 9)
    .where('suspended_until', '>', 0)
    .where('suspended_until', '<=', now());
  if (userId !== undefined) q = q.where('id', '=', String(userId));
  await q.execute();
}

/**
 * Opt-in for the hottest polls (route config `cachedSession`) and page renders: a session seen in
 * the last few seconds is answered from this process without a database read. Logout, revocation
 * and every change of a person's status, role or password forget all of that person's entries at
 * once, on every instance (`forgetSessions`, through core/invalidation). Only live sessions are
 * kept, so unknown tokens cannot fill it.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { db: Db; user: SessionUser; expires: number }>();

/** The cached caller, without waiting: undefined when the cache has no live entry. */
export function cachedSession(db: Db, accessToken: string): SessionUser | undefined {
  const hit = sessionCache.get(accessToken);
  return hit && hit.db === db && hit.expires > Date.now() ? hit.user : undefined;
}

/** A page render's calls name the session by its visit token (features/pages/render-identity.ts), kept apart from access tokens. */
const VISIT_KEY = 'visit:';

export async function resolveSessionCached(db: Db, token: string, by: 'token' | 'visit_token' = 'token'): Promise<SessionUser | null> {
  const key = by === 'token' ? token : VISIT_KEY + token;
  const hit = cachedSession(db, key);
  if (hit) return hit;
  const user = await resolveSession(db, token, by);
  if (!user) {
    sessionCache.delete(key);
    return null;
  }
  if (sessionCache.size >= SESSION_CACHE_MAX && !sessionCache.has(key)) sessionCache.delete(sessionCache.keys().next().value as string);
  sessionCache.set(key, { db, user, expires: Date.now() + SESSION_CACHE_MS });
  return user;
}

const SESSIONS_OF = 'sessions-of:';

/** Lets `forgetSessions` on any instance reach this process's session cache (called once per runtime). */
export function shareSessionCache(invalidation: Invalidation): void {
  invalidation.onDrop(SESSIONS_OF, (userId) => {
    for (const [key, entry] of sessionCache) if (entry.user.id === userId) sessionCache.delete(key);
  });
}

/**
 * Forgets every cached session of one user, access tokens and visit cookies alike, here and on
 * every other instance (status, role or password changed, signed out). Their next request reads
 * the database again.
 */
export function forgetSessions(runtime: Runtime, userId: string | number): Promise<void> {
  return runtime.invalidate(SESSIONS_OF + String(userId));
}

/** The user id a visit cookie stands for (private-site uploads); null when unknown or expired. */
export async function resolveVisit(db: Db, visitToken: string): Promise<string | null> {
  if (!visitToken || visitToken.length > 200) return null;
  const row = await db
    .selectFrom('session')
    .select(['user_id', 'expires_at'])
    .where('visit_token', '=', digest(visitToken))
    .executeTakeFirst();
  return row && Number(row.expires_at) >= now() ? String(row.user_id) : null;
}

/**
 * Signs one session out. Its cached forms are not all known by this token (the visit cookie's
 * entry is keyed by the cookie), so all of the person's cached entries go, on every instance.
 */
export async function revokeSession(runtime: Runtime, accessToken: string): Promise<void> {
  const db = runtime.database;
  const row = await db.selectFrom('session').select('user_id').where('token', '=', digest(accessToken)).executeTakeFirst();
  await db.deleteFrom('session').where('token', '=', digest(accessToken)).execute();
  sessionCache.delete(accessToken);
  if (row) await forgetSessions(runtime, row.user_id);
}

/** Ends every session of a user, except optionally the caller's own (password change). */
export async function revokeUserSessions(runtime: Runtime, userId: string | number, keepAccessToken?: string): Promise<void> {
  let q = runtime.database.deleteFrom('session').where('user_id', '=', String(userId));
  if (keepAccessToken) q = q.where('token', '!=', digest(keepAccessToken));
  await q.execute();
  await forgetSessions(runtime, userId);
}

/** Authorization header (optionally "Bearer "-prefixed) or the Authorization query parameter. */
export function tokenFrom(headers: Record<string, unknown>, query: unknown): string {
  const raw = headers.authorization ?? (query as Record<string, unknown> | undefined)?.Authorization ?? '';
  return String(Array.isArray(raw) ? raw[0] : raw).replace(/^Bearer\s+/i, '').trim();
}

/** A new visit token for an existing session (the cookie was lost); returns it for the cookie. */
export async function rotateVisitToken(db: Db, accessToken: string): Promise<string> {
  const visitToken = newToken();
  await db.updateTable('session').set({ visit_token: digest(visitToken) }).where('token', '=', digest(accessToken)).execute();
  return visitToken;
}
