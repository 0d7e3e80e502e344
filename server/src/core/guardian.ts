import { MAIL_STATUS, ROLE } from '@answer/contract';
import { forbidden, unauthorized } from './errors.js';

/** The caller as the guardian sees it (loaded from the session on each request). */
export interface SessionUser {
  id: string;
  username: string;
  roleId: number;
  mailStatus: number;
  /** 1 available, 9 suspended, 10 deleted (domain.md 2.17). */
  status: number;
}

/**
 * Who may call a route (domain.md 1.1):
 * - none: always reachable (installer-free basics, login flow);
 * - public: anonymous allowed, unless the site is private (login_required);
 * - any-status: a session is required, unverified or suspended accounts allowed;
 * - auth: an available account with a verified e-mail;
 * - admin: role Admin.
 */
export type RouteAccess = 'none' | 'public' | 'any-status' | 'auth' | 'admin';

export const USER_STATUS = { available: 1, suspended: 9, deleted: 10 } as const;

export function ensureRouteAccess(user: SessionUser | null, access: RouteAccess, loginRequired: boolean): void {
  if (access === 'none') return;
  if (user?.status === USER_STATUS.deleted) throw unauthorized();
  if (access === 'public') {
    if (!loginRequired) return;
    if (!user) throw unauthorized();
    if (user.mailStatus !== MAIL_STATUS.verified) throw forbidden('error.email.need_to_be_verified', 'inactive');
    return;
  }
  if (!user) throw unauthorized();
  if (access === 'any-status') return;
  if (user.mailStatus !== MAIL_STATUS.verified) throw forbidden('error.email.need_to_be_verified', 'inactive');
  if (user.status === USER_STATUS.suspended) throw forbidden('error.user.suspended', 'suspended');
  if (access === 'admin' && user.roleId !== ROLE.admin) throw forbidden('base.forbidden_error');
}
