import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.js';
import type { SessionUser } from './guardian.js';

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
 * Opt-in for the hottest polls (route config `cachedSession`): a session seen in the last few
 * seconds is answered from this process without a database read. Logout and revocation in this
 * process forget it at once; elsewhere (another instance, an admin's suspension) it shows within
 * SESSION_CACHE_MS. Only live sessions are kept, so unknown tokens cannot fill it.
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

/** Forgets the cached sessions of one user (status, role or password changed). */
export function forgetCachedSessions(userId: string | number, keepAccessToken?: string): void {
  for (const [token, entry] of sessionCache) {
    if (entry.user.id === String(userId) && token !== keepAccessToken) sessionCache.delete(token);
  }
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

export async function revokeSession(db: Db, accessToken: string): Promise<void> {
  await db.deleteFrom('session').where('token', '=', digest(accessToken)).execute();
  const userId = sessionCache.get(accessToken)?.user.id;
  sessionCache.delete(accessToken);
  // The session's visit token may be cached too (page renders); which one it is is not known here.
  if (userId) for (const [key, entry] of sessionCache) if (key.startsWith(VISIT_KEY) && entry.user.id === userId) sessionCache.delete(key);
}

/** Ends every session of a user, except optionally the caller's own (password change). */
export async function revokeUserSessions(db: Db, userId: string | number, keepAccessToken?: string): Promise<void> {
  let q = db.deleteFrom('session').where('user_id', '=', String(userId));
  if (keepAccessToken) q = q.where('token', '!=', digest(keepAccessToken));
  await q.execute();
  forgetCachedSessions(userId, keepAccessToken);
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
