import { ADMIN_API_PREFIX, type AdminUserItem, type UserCenterAdminAgent, type AdminUserStatus, type ModerationAction, type ModerationLogItem, type RoleItem } from '@answer/contract';
import { get, request } from './client';
import type { PageOf } from './post-types';

/** Admin user management (domain.md 6.7) and the moderation log: the server's own types (packages/contract). */
export type { AdminUserItem as AdminUser, AdminUserStatus, ModerationLogItem, RoleItem } from '@answer/contract';

export interface AdminUsersQuery {
  page: number;
  page_size: number;
  query?: string;
  status?: AdminUserStatus;
  staff?: boolean;
}

export const getAdminUsers = (query: AdminUsersQuery, signal?: AbortSignal) =>
  get<PageOf<AdminUserItem>>(`${ADMIN_API_PREFIX}/users/page`, { params: { ...query, staff: query.staff ? 'true' : undefined }, signal });

/** One account by id (the user page): the list filtered by `user:<id>`. */
export const getAdminUser = (userId: string, signal?: AbortSignal) =>
  getAdminUsers({ page: 1, page_size: 1, query: `user:${userId}` }, signal).then((page) => page.list[0] ?? null);

/**
 * What the admin's user pages may still do while a user centre manages accounts (everything
 * without one). Read once per visit to the admin pages; the server refuses what it forbids anyway.
 */
export const ADMIN_AGENT = ['admin', 'user-center-agent'];
const EVERYTHING: UserCenterAdminAgent = { allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true };
/** A failed read offers everything: the server still refuses what a user centre manages. */
export const getAdminUserCenterAgent = (signal?: AbortSignal) =>
  get<UserCenterAdminAgent>(`${ADMIN_API_PREFIX}/user-center/agent`, { signal, passingError: true, ignore50x: true }).catch(() => EVERYTHING);

export const getRoles = (signal?: AbortSignal) => get<RoleItem[]>(`${ADMIN_API_PREFIX}/roles`, { signal });

/** Field errors come back to the dialogs (`passingError`), which show them beside the fields. */
const quiet = { passingError: true } as const;

export const changeUserStatus = (body: { user_id: string; status: AdminUserStatus; suspended_until?: number; remove_all_content?: boolean; reason?: string }) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/user/status`, { body, ...quiet });

export const changeUserRole = (body: { user_id: string; role_id: number; reason?: string }) => request<null>('PUT', `${ADMIN_API_PREFIX}/user/role`, { body, ...quiet });

export const addUser = (body: { display_name: string; email: string; password: string }) => request<null>('POST', `${ADMIN_API_PREFIX}/user`, { body, ...quiet });

export const addUsers = (users: string) => request<null>('POST', `${ADMIN_API_PREFIX}/users`, { body: { users }, ...quiet });

export const setUserPassword = (body: { user_id: string; password: string; reason?: string }) => request<null>('PUT', `${ADMIN_API_PREFIX}/user/password`, { body, ...quiet });

export const setUserProfile = (body: { user_id: string; display_name: string; username: string; email: string; reason?: string }) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/user/profile`, { body, ...quiet });

export const getActivationLink = (userId: string) =>
  get<{ activation_url: string }>(`${ADMIN_API_PREFIX}/user/activation`, { params: { user_id: userId } }).then((d) => d.activation_url);

export const resendActivation = (userId: string) => request<null>('POST', `${ADMIN_API_PREFIX}/user/activation`, { body: { user_id: userId } });

export interface ModerationLogQuery {
  page: number;
  page_size: number;
  staff?: string;
  action?: ModerationAction;
  target_user_id?: string;
}

export const getModerationLog = (query: ModerationLogQuery, signal?: AbortSignal) =>
  get<PageOf<ModerationLogItem>>(`${ADMIN_API_PREFIX}/moderation/log`, { params: { ...query }, signal });
