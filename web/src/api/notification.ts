import {
  API_PREFIX,
  type BadgeAwardAlert,
  INBOX_TYPES,
  type InboxTypeName,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationStatus,
  type NotificationTypeName,
} from '@answer/contract';
import { get, request } from './client';
import type { PageOf } from './post-types';

// The wire types are the server's (packages/contract); the web names them for its pages.
export { INBOX_TYPES, NOTIFICATION_TYPES };
export type { NotificationItem, NotificationStatus };
/** The two streams (domain.md 8.1): things that happened to you, and reputation and badges. */
export type NotificationType = NotificationTypeName;
/** The inbox filters (domain.md 8.2 msg_type). */
export type InboxType = InboxTypeName;
/** The oldest badge award the user has not acknowledged yet. */
export type BadgeAward = BadgeAwardAlert;

export const isUnread = (item: Pick<NotificationItem, 'is_read'>) => !item.is_read;

export const NOTIFICATION_PAGE_SIZE = 10;

export const getNotificationPage = (type: NotificationType, inboxType: InboxType, page: number, signal?: AbortSignal) =>
  get<PageOf<NotificationItem>>(`${API_PREFIX}/notification/page`, {
    params: { type, inbox_type: type === 'inbox' ? inboxType : undefined, page, page_size: NOTIFICATION_PAGE_SIZE },
    signal,
  });

/** The poll (spec section 8): a 5xx must not replace the page, and no error is worth a toast every 3 s. */
export const getNotificationStatus = (signal?: AbortSignal) =>
  get<NotificationStatus>(`${API_PREFIX}/notification/status`, { signal, ignore50x: true, passingError: true });

/** Clears the red dot of one stream (opening its page). */
export const resetNotificationStatus = (type: NotificationType) => request<NotificationStatus | null>('PUT', `${API_PREFIX}/notification/status`, { body: { type } });

/** Marks one notification read; for a badge award this also acknowledges its popup. */
export const markNotificationRead = (id: string) => request<unknown>('PUT', `${API_PREFIX}/notification/read/state`, { body: { id } });

export const markAllNotificationsRead = (type: NotificationType) => request<unknown>('PUT', `${API_PREFIX}/notification/read/state/all`, { body: { type } });
