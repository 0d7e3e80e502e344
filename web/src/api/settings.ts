import { API_PREFIX, type DIGEST_FREQUENCIES, type NOTIFICATION_SOURCES } from '@answer/contract';
import type { CaptchaAnswer } from './account';
import { get, post, request } from './client';
import type { AvatarInfo } from './types';

const U = `${API_PREFIX}/user`;
// The settings forms show field errors and failures themselves.
const quiet = { passingError: true } as const;

/** PUT user/info: fields the admin locked are left out (the server would ignore them anyway). */
export interface ProfileUpdate {
  display_name?: string;
  username?: string;
  avatar?: Pick<AvatarInfo, 'type' | 'custom'>;
  bio?: string;
  website?: string;
  location?: string;
}

export const updateProfile = (body: ProfileUpdate & CaptchaAnswer) => request<null>('PUT', `${U}/info`, { body, ...quiet });

export const updateInterface = (body: { language: string; color_scheme: string }) =>
  request<null>('PUT', `${U}/interface`, { body, ...quiet });

export const changePassword = (body: { old_pass: string; pass: string } & CaptchaAnswer) =>
  request<null>('PUT', `${U}/password`, { body, ...quiet });

export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** The per-source e-mail switches, and whether the mails come one by one or as a daily/weekly digest. */
export type NotificationConfig = Record<NotificationSource, { key: string; enable: boolean }> & { digest?: DigestFrequency };

export const getNotificationConfig = (signal?: AbortSignal) => get<NotificationConfig>(`${U}/notification/config`, { signal });

export const saveNotificationConfig = (config: NotificationConfig) =>
  request<null>('PUT', `${U}/notification/config`, { body: config, ...quiet });

/** Uploads a new profile picture; resolves to its URL ("/uploads/avatar/…"). */
export function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('source', 'avatar');
  form.append('file', file);
  return post<string>(`${API_PREFIX}/file`, form, quiet);
}
