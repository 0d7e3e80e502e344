import { API_PREFIX } from '@answer/contract';
import { get, request } from './client';
import type { PageOf } from './post-types';

/** The two streams (domain.md 8.1): things that happened to you, and reputation and badges. */
export type NotificationType = 'inbox' | 'achievement';
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['inbox', 'achievement'];

/** The inbox filters (domain.md 8.2 msg_type). */
export type InboxType = 'all' | 'posts' | 'votes' | 'invites';
export const INBOX_TYPES: readonly InboxType[] = ['all', 'posts', 'votes', 'invites'];

/** The database's read states (`is_read` 1 unread, 2 read). */
export const READ_STATE = { unread: 1, read: 2 } as const;

export type NotificationObjectType = 'question' | 'answer' | 'comment' | 'badge_award';

/** The ids the notification points at; which are set depends on the object type. */
export interface NotificationObjectMap {
  question?: string;
  answer?: string;
  comment?: string;
  badge_id?: string;
}

export interface NotificationItem {
  id: string;
  /** Upstream sends a boolean (true once read); the stored 1/2 state is accepted too. */
  is_read: boolean | number;
  /** Already translated by the server ("answered your question"). */
  notification_action: string;
  update_time: number;
  /** Achievement rows: the reputation change on the object (can be negative). */
  rank?: number;
  object_info: {
    object_id: string;
    object_type: NotificationObjectType | string;
    title: string;
    object_map?: NotificationObjectMap | null;
  };
  /** Who did it; absent for downvotes and badge awards. */
  user_info?: { username: string; display_name: string; status?: string } | null;
}

/** The oldest badge award the user has not acknowledged yet. */
export interface BadgeAward {
  notification_id: string;
  badge_id: string;
  name: string;
  /** A Bootstrap icon name, or an image URL. */
  icon: string;
  /** 1 bronze, 2 silver, 3 gold. */
  level: number;
}

export interface NotificationStatus {
  inbox: number;
  achievement: number;
  /** Pending review items this user may handle. */
  revision: number;
  can_revision: boolean;
  badge_award: BadgeAward | null;
}

export const isUnread = (item: Pick<NotificationItem, 'is_read'>) => item.is_read === false || item.is_read === READ_STATE.unread;

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
