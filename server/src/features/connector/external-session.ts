import type { FastifyReply, FastifyRequest } from 'fastify';
import { issueSession } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { now, sessionLifetimeSeconds, setVisitCookie } from '../auth/common.js';
import { loadSiteSettings } from '../siteinfo/service.js';

/**
 * A new session for a person an identity provider vouched for (a fresh id, never one from before
 * the sign-in), with the visit cookie set and the login time noted; the access token goes to
 * /users/auth-landing.
 */
export async function signInExternal(runtime: Runtime, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<string> {
  const lifetime = sessionLifetimeSeconds(await loadSiteSettings(runtime));
  const session = await issueSession(runtime.database, userId, lifetime, { ip: request.ip, userAgent: request.headers['user-agent'] });
  setVisitCookie(reply, session.visitToken, lifetime);
  await runtime.database.updateTable('user').set({ last_login_date: now() }).where('id', '=', userId).execute();
  return session.accessToken;
}

/** The string fields of a query or form body, each at most `max` characters (anything else is left out). */
export function stringFields(value: unknown, max: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (typeof item === 'string' && item.length <= max) out[key] = item;
  return out;
}
