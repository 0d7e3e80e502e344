import { MAIL_STATUS, ROLE } from '@answer/contract';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { Thresholds } from './privileges.js';

/** The caller as the guardian sees it (loaded from the session on each request). */
export interface SessionUser {
  id: string;
  username: string;
  roleId: number;
  mailStatus: number;
  /** 1 available, 9 suspended, 10 deleted (domain.md 2.17). */
  status: number;
  /** Reputation. */
  rank: number;
}

/**
 * Who may call a route (domain.md 1.1):
 * - none: always reachable (installer-free basics, login flow);
 * - public: anonymous allowed, unless the site is private (login_required): then only an
 *   available account with a verified e-mail reads it (the API, rendered pages and uploads alike);
 * - any-status: a session is required, unverified or suspended accounts allowed;
 * - auth: an available account with a verified e-mail;
 * - admin: role Admin.
 */
export type RouteAccess = 'none' | 'public' | 'any-status' | 'auth' | 'admin';

export const USER_STATUS = { available: 1, suspended: 9, deleted: 10 } as const;

export function ensureRouteAccess(user: SessionUser | null, access: RouteAccess, loginRequired: boolean): void {
  const denial = routeDenial(user, access, loginRequired);
  if (denial) throw denial();
}

/** The same decision without an error: for a fast path that hands every refusal to the full one. */
export const mayCallRoute = (user: SessionUser | null, access: RouteAccess, loginRequired: boolean): boolean =>
  routeDenial(user, access, loginRequired) === undefined;

const needsVerifiedMail = () => forbidden('error.email.need_to_be_verified', 'inactive');
const suspendedError = () => forbidden('error.user.suspended', 'suspended');
const notAdmin = () => forbidden('base.forbidden_error');

/** Why `user` may not call a route of this access level, as the error to throw; undefined when allowed. */
function routeDenial(user: SessionUser | null, access: RouteAccess, loginRequired: boolean): (() => AppError) | undefined {
  if (access === 'none') return undefined;
  if (user?.status === USER_STATUS.deleted) return unauthorized;
  if (access === 'public') {
    if (!loginRequired) return undefined;
    if (!user) return unauthorized;
    if (user.mailStatus !== MAIL_STATUS.verified) return needsVerifiedMail;
    // Upstream lets a suspended account go on reading a private site; a suspension closes it here.
    return user.status === USER_STATUS.suspended ? suspendedError : undefined;
  }
  if (!user) return unauthorized;
  if (access === 'any-status') return undefined;
  if (user.mailStatus !== MAIL_STATUS.verified) return needsVerifiedMail;
  if (user.status === USER_STATUS.suspended) return suspendedError;
  if (access === 'admin' && user.roleId !== ROLE.admin) return notAdmin;
  return undefined;
}

/** Actions only roles grant, whatever the reputation (domain.md 4.1-4.2). */
const ROLE_ONLY = new Set(['tag.use_reserved_tag', 'tag.edit_slug_name', 'tag.merge', 'admin.access']);

export const isStaff = (user: SessionUser | null) => user?.roleId === ROLE.admin || user?.roleId === ROLE.moderator;
export const isAdmin = (user: SessionUser | null) => user?.roleId === ROLE.admin;

/** An account that may act: verified e-mail, not suspended or deleted. */
const active = (user: SessionUser | null): user is SessionUser =>
  !!user && user.status === USER_STATUS.available && user.mailStatus === MAIL_STATUS.verified;

/**
 * May `user` perform `action` (a privilege key such as "question.edit")? Roles first (admins all,
 * moderators all but the admin console), then ownership when the object's owner is given, then
 * the reputation threshold (domain.md 4.3).
 */
export function can(user: SessionUser | null, action: string, thresholds: Thresholds, ownerId?: string | number | null): boolean {
  if (!active(user)) return false;
  if (user.roleId === ROLE.admin) return true;
  if (user.roleId === ROLE.moderator) return action !== 'admin.access';
  if (ownerId !== undefined && ownerId !== null && String(ownerId) === user.id) return true;
  if (ROLE_ONLY.has(action)) return false;
  const threshold = thresholds[action];
  return threshold !== undefined && threshold >= 0 && user.rank >= threshold;
}

/**
 * May `user` ask the site's assistant? An active account (verified, not suspended) of one of the
 * roles the administrator allowed (Admin → AI); visitors never, so nothing of a private site
 * reaches a provider for someone who may not read it.
 */
export function canUseAssistant(user: SessionUser | null, allowedRoles: readonly number[]): boolean {
  return active(user) && allowedRoles.includes(user.roleId);
}

/** Like `can`, but refuses with a 403 whose message names the reputation needed. */
export function ensure(user: SessionUser | null, action: string, thresholds: Thresholds, ownerId?: string | number | null): void {
  if (can(user, action, thresholds, ownerId)) return;
  const threshold = thresholds[action];
  if (threshold !== undefined && threshold > 0 && !ROLE_ONLY.has(action)) {
    throw new AppError(403, 'error.rank.no_enough_rank_to_operate', null, undefined, { rank: threshold });
  }
  throw new AppError(403, 'error.rank.fail_to_meet_the_condition');
}
