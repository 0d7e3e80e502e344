import { z } from 'zod';
import { email, password, username } from './account.js';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { Page } from './envelope.js';

/** Admin user management (domain.md 6.7; `/answer/admin/api`, role Admin only). */
const userId = text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(40);
const reason = text().trim().max(2000, { message: 'error.common.too_long' }).optional().default('');

export const ADMIN_USER_STATUSES = ['normal', 'suspended', 'deleted', 'inactive'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** Upstream clients send booleans as query strings; "true" and "1" mean yes, anything else no. */
const flag = z
  .union([z.boolean(), text().max(10), z.number()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/** `GET /users/page`: `query` is an e-mail (exact), `user:<id>` or a part of a username or display name. */
export const adminUsersQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(10, 100),
  query: text().trim().max(200).optional().default(''),
  status: z.enum(ADMIN_USER_STATUSES).optional().catch(undefined),
  staff: flag,
});

/**
 * `PUT /user/status`. Beyond upstream: `suspended_until` (Unix seconds; 0 or absent = until lifted)
 * ends a suspension by itself, and `reason` goes to the moderation log.
 */
export const adminUserStatusSchema = z.object({
  user_id: userId,
  status: z.enum(ADMIN_USER_STATUSES, { message: 'error.common.invalid' }),
  remove_all_content: z.boolean({ message: 'error.common.invalid_type' }).optional().default(false),
  suspended_until: z.number({ message: 'error.common.invalid_type' }).int().min(0).max(99_999_999_999).optional().default(0),
  reason,
});

export const ADMIN_ROLE_IDS = [1, 2, 3] as const;
export const adminUserRoleSchema = z.object({
  user_id: userId,
  role_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'error.common.invalid' }),
  ),
  reason,
});

/** Display names of users an admin adds: 4-30 characters (domain.md 6.7). */
const addedDisplayName = text('error.common.required')
  .trim()
  .min(4, { message: 'error.user.display_name_length' })
  .max(30, { message: 'error.user.display_name_length' });

/** Room is left in the 191-character column for the `.<time>` a deletion appends. */
const adminEmail = email.max(180, { message: 'error.common.too_long' });

export const adminAddUserSchema = z.object({ display_name: addedDisplayName, email: adminEmail, password });

/** Most lines one bulk add takes (domain.md 6.7). */
export const BULK_ADD_MAX_LINES = 5000;
export const adminAddUsersSchema = z.object({
  users: text('error.common.required').min(1, { message: 'error.common.required' }).max(1_000_000, { message: 'error.common.too_long' }),
});
/** The fields of one bulk line, checked one line at a time by the server (and the dialog). */
export const bulkUserLineSchema = adminAddUserSchema;

export const adminUserPasswordSchema = z.object({ user_id: userId, password, reason });

export const adminUserProfileSchema = z.object({
  user_id: userId,
  display_name: addedDisplayName,
  username,
  email: adminEmail,
  reason,
});

export const adminActivationQuery = z.object({ user_id: userId });
export const adminActivationSchema = z.object({ user_id: userId });

/** One row of `GET /users/page`. `suspended_until` (beyond upstream) is 0 for a suspension without end. */
export interface AdminUserItem {
  user_id: string;
  created_at: number;
  deleted_at: number;
  suspended_at: number;
  suspended_until: number;
  username: string;
  e_mail: string;
  rank: number;
  status: AdminUserStatus;
  display_name: string;
  avatar: string;
  role_id: number;
  role_name: string;
}

/** `GET /roles`. */
export interface RoleItem {
  id: number;
  name: string;
  description: string;
}

/** A bulk add refused: which line (1-based) and why, for every bad line. */
export interface BulkLineError {
  line: number;
  field: string;
  msg: string;
}

export type AdminUserPage = Page<AdminUserItem>;
/** GET /answer/admin/api/user/activation. */
export interface ActivationLink {
  activation_url: string;
}
