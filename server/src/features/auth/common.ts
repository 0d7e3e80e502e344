import { randomBytes } from 'node:crypto';
import { MAIL_STATUS } from '@answer/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FieldErrors } from '../../core/errors.js';
import { issueSession, rotateVisitToken } from '../../core/session.js';
import type { Db } from '../../db/connect.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { lockUsers, record } from '../reputation/ledger.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { presentLoggedUser } from '../user/presenter.js';
import { findUserById, findUserByUsername, roleOf } from '../user/queries.js';
import { isReservedUsername } from './reserved-usernames.js';

export const now = () => Math.floor(Date.now() / 1000);
const USERNAME = /^[a-z0-9._-]{4,30}$/;
export const VISIT_COOKIE = 'visit';

/** Suffix match against the admin's allowed domains (domain.md 6.2); an empty list allows all. */
export function emailDomainAllowed(settings: SiteSettings, email: string): boolean {
  const domains = settings.login.allow_email_domains ?? [];
  if (!domains.length) return true;
  const address = email.toLowerCase();
  return domains.some((d) => address.endsWith(`@${d.toLowerCase()}`) || address.endsWith(`.${d.toLowerCase()}`));
}

/** A free username from a login name: lower-cased; on collision 4 random hex characters are added. */
export async function usernameFrom(runtime: Runtime, db: Db, name: string, field = 'name'): Promise<string> {
  const base = name.trim().toLowerCase().replace(/\s+/g, '-');
  if (!USERNAME.test(base) || isReservedUsername(runtime.paths, base)) {
    throw new FieldErrors([{ field, reason: 'error.user.username_invalid' }]);
  }
  let candidate = base;
  for (let i = 0; i < 10; i++) {
    if (!(await findUserByUsername(db, candidate))) return candidate;
    candidate = `${base.slice(0, 25)}-${randomBytes(2).toString('hex')}`;
  }
  throw new FieldErrors([{ field, reason: 'error.user.username_duplicate' }]);
}

/** Starts a session for the user and answers with the login response + the visit cookie. */
export async function loginResponse(runtime: Runtime, request: FastifyRequest, reply: FastifyReply, userId: string | number) {
  const db = runtime.database;
  const lifetime = sessionLifetimeSeconds(await loadSiteSettings(runtime));
  const session = await issueSession(db, userId, lifetime, { ip: request.ip, userAgent: request.headers['user-agent'] });
  setVisitCookie(reply, session.visitToken, lifetime);
  return currentUserResponse(runtime, userId, { accessToken: session.accessToken, visitToken: session.visitToken });
}

export async function currentUserResponse(runtime: Runtime, userId: string | number, tokens: { accessToken: string; visitToken?: string }) {
  const db = runtime.database;
  const row = (await findUserById(db, userId))!;
  return presentLoggedUser(row, await roleOf(db, userId), await loadSiteSettings(runtime), tokens);
}

/** How long a new sign-in lasts (security group); sessions already issued keep their end. */
export const sessionLifetimeSeconds = (settings: SiteSettings) => settings.security.session_lifetime_days * 86400;

/** The visit cookie lives as long as a session may (it only names one; the session's own end decides). */
export function setVisitCookie(reply: FastifyReply, visitToken: string, maxAge: number) {
  const secure = reply.request.protocol === 'https';
  reply.setCookie(VISIT_COOKIE, visitToken, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
}

export const isVerified = (row: { mail_status: number | string }) => Number(row.mail_status) === MAIL_STATUS.verified;

/**
 * The one-time +1 for a first verified e-mail (config row 10, `user.activated`), with its ledger
 * row. The user's row is locked before looking for an earlier bonus, so two activations at the
 * same moment (two codes, or a code and an e-mail change) grant it once: the second waits, then
 * finds the first one's row.
 */
export async function grantActivationBonus(db: Db, userId: string | number): Promise<void> {
  const id = String(userId);
  await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [id]);
    const already = await trx.selectFrom('activity').select('id').where('user_id', '=', id).where('activity_type', '=', ACT.userActivated).executeTakeFirst();
    if (already) return;
    await record(trx, { userId: id, triggerUserId: id, objectId: '0', originalObjectId: '0', activityType: ACT.userActivated, rank: 1 });
  });
}

/**
 * GET /user/info re-creates the visit cookie when the browser lost it (domain.md 1.5). A page
 * render's own call has no access token (the reader is known by the visit cookie): nothing to do.
 */
export async function refreshVisitCookie(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[VISIT_COOKIE] || !request.token) return;
  setVisitCookie(reply, await rotateVisitToken(runtime.database, request.token), sessionLifetimeSeconds(await loadSiteSettings(runtime)));
}
