import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { rowId, text } from './text.js';
import type { Page } from './envelope.js';

/** The two in-app streams (domain.md 8.1) and the inbox filters (8.2 msg_type). */
export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];
export const INBOX_TYPES = ['all', 'posts', 'votes', 'invites'] as const;
export type InboxTypeName = (typeof INBOX_TYPES)[number];

/** The client polls this list 3 s apart and asks for 10 at a time; more than 50 is clamped. */
export const NOTIFICATION_PAGE_SIZE_MAX = 50;

const notificationType = z.enum(NOTIFICATION_TYPES, { message: 'error.common.invalid' });

/** `GET /notification/page`: an unknown or missing inbox_type means all (upstream reads it so). */
export const notificationPageQuery = z.object({
  type: notificationType,
  inbox_type: text()
    .max(20)
    .optional()
    .transform((v): InboxTypeName => ((INBOX_TYPES as readonly string[]).includes(v ?? '') ? (v as InboxTypeName) : 'all')),
  page: pageNumber(),
  page_size: pageSize(10, NOTIFICATION_PAGE_SIZE_MAX),
});

/** `PUT /notification/status` and `PUT /notification/read/state/all`. */
export const notificationTypeBody = z.object({ type: notificationType });

/** `PUT /notification/read/state`: a notification row id. */
export const notificationIdBody = z.object({ id: rowId() });

/** One list item (domain.md 8.4). `is_read` is true once read, as upstream sends it. */
export interface NotificationItem {
  id: string;
  user_info: { id: string; username: string; display_name: string; avatar: string; rank: number; status: string } | null;
  object_info: {
    title: string;
    object_id: string;
    object_type: string;
    object_map: Record<string, string>;
  };
  rank: number;
  notification_action: string;
  is_read: boolean;
  update_time: number;
}

/** The oldest badge award the user has not acknowledged yet. */
export interface BadgeAwardAlert {
  notification_id: string;
  badge_id: string;
  name: string;
  icon: string;
  level: number;
}

/** `GET /notification/status`, polled every 3 s by the client. */
export interface NotificationStatus {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
  badge_award: BadgeAwardAlert | null;
  /** Not in Answer 1.4: every unacknowledged award (oldest first, at most 5), shown together in one alert. */
  badge_awards: BadgeAwardAlert[];
}

export type NotificationPage = Page<NotificationItem>;
