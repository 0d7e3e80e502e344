import { createHash } from 'node:crypto';
import type { LoggedUser } from '@answer/contract';
import type { Selectable } from 'kysely';
import type { UserTable } from '../../db/schema.js';
import type { SiteSettings } from '../siteinfo/service.js';

export type UserRow = Selectable<UserTable>;

export interface AvatarInfo {
  type: string;
  gravatar: string;
  custom: string;
}

/** Status strings derived from status + mail_status (domain.md 6.1). */
export function statusName(row: Pick<UserRow, 'status' | 'mail_status'> & { suspended_until?: number }): string {
  const status = Number(row.status);
  if (status === 10) return 'deleted';
  // A suspension whose end has passed is over even before the row is updated (admin users, migration 0011).
  if (status === 9 && !(Number(row.suspended_until ?? 0) > 0 && Number(row.suspended_until) <= Math.floor(Date.now() / 1000))) return 'suspended';
  if (status === 9) return Number(row.mail_status) === 2 ? 'inactive' : 'normal';
  return Number(row.mail_status) === 2 ? 'inactive' : 'normal';
}

export function parseAvatar(raw: string): AvatarInfo {
  try {
    const a = JSON.parse(raw || '{}') as Partial<AvatarInfo>;
    return { type: a.type ?? '', gravatar: a.gravatar ?? '', custom: a.custom ?? '' };
  } catch {
    return { type: '', gravatar: '', custom: '' };
  }
}

export function gravatarUrl(baseUrl: string, email: string): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `${baseUrl.replace(/\/?$/, '/')}${hash}`;
}

/**
 * The avatar object with its gravatar URL filled in from the site setting. With the site default
 * 'system' no gravatar URL is handed out unless the user picked gravatar themselves: the address
 * hash would otherwise leak to pages (and the browser to gravatar.com) against the admin's choice.
 */
export function presentAvatar(row: UserRow, settings: SiteSettings): AvatarInfo {
  const avatar = parseAvatar(row.avatar);
  const usesGravatar = avatar.type === 'gravatar' || settings.users.default_avatar === 'gravatar';
  return { ...avatar, gravatar: usesGravatar ? gravatarUrl(settings.users.gravatar_base_url, row.e_mail) : '' };
}

/** The URL to show for a user's avatar, following their choice and the site default. */
export function avatarUrl(row: UserRow, settings: SiteSettings): string {
  if (Number(row.status) === 10) return '';
  const avatar = parseAvatar(row.avatar);
  const type = avatar.type && avatar.type !== 'default' ? avatar.type : settings.users.default_avatar;
  if (type === 'custom' && avatar.custom) return avatar.custom;
  if (type === 'gravatar') return gravatarUrl(settings.users.gravatar_base_url, row.e_mail);
  return '';
}

export function presentLoggedUser(
  row: UserRow,
  roleId: number,
  settings: SiteSettings,
  tokens: { accessToken: string; visitToken?: string },
): LoggedUser {
  return {
    id: String(row.id),
    created_at: Number(row.created_at),
    last_login_date: Number(row.last_login_date),
    username: row.username,
    e_mail: row.e_mail,
    mail_status: Number(row.mail_status),
    notice_status: Number(row.notice_status),
    follow_count: Number(row.follow_count),
    answer_count: Number(row.answer_count),
    question_count: Number(row.question_count),
    rank: Number(row.rank),
    authority_group: Number(row.authority_group),
    display_name: row.display_name,
    avatar: presentAvatar(row, settings),
    mobile: row.mobile,
    bio: row.bio,
    bio_html: row.bio_html,
    website: row.website,
    location: row.location,
    language: row.language || 'Default',
    color_scheme: row.color_scheme || 'default',
    access_token: tokens.accessToken,
    role_id: roleId,
    is_admin: roleId === 2,
    status: statusName(row),
    suspended_until: statusName(row) === 'suspended' ? Number(row.suspended_until ?? 0) : 0,
    have_password: Boolean(row.pass),
    visit_token: tokens.visitToken ?? '',
  };
}
