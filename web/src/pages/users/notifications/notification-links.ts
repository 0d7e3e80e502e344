import type { InboxType, NotificationItem, NotificationType } from '../../../api/notification';
import { INBOX_TYPES, NOTIFICATION_TYPES } from '../../../api/notification';
import { questionPath } from '../../../components/question-links';

/**
 * Where a notification leads: the badge page for a badge award, otherwise the exact question,
 * answer or comment (a comment as `?commentId=`, as Answer's own links do, with its anchor).
 * Notifications carry no title slug, so the path has none; the question page accepts that in every
 * permalink style. Null when the server sent nothing to open.
 */
export function notificationLink(item: Pick<NotificationItem, 'object_info'>, permalink?: number): string | null {
  const info = item.object_info;
  const map = info.object_map ?? {};
  if (info.object_type === 'badge_award') {
    const badge = map.badge_id || info.object_id;
    return badge ? `/badges/${encodeURIComponent(badge)}` : null;
  }
  const question = map.question || (info.object_type === 'question' ? info.object_id : '');
  if (!question) return null;
  const answer = map.answer || (info.object_type === 'answer' ? info.object_id : '') || undefined;
  const path = questionPath(permalink, { id: question }, answer);
  if (info.object_type !== 'comment') return path;
  const comment = map.comment || info.object_id;
  return comment ? `${path}?commentId=${encodeURIComponent(comment)}#comment-${encodeURIComponent(comment)}` : path;
}

/** The page's address for a stream and inbox filter: /users/notifications/inbox[/votes]. */
export function notificationsPath(type: NotificationType, inboxType: InboxType = 'all', page = 1): string {
  const base = type === 'inbox' && inboxType !== 'all' ? `/users/notifications/inbox/${inboxType}` : `/users/notifications/${type}`;
  return page > 1 ? `${base}?page=${page}` : base;
}

/**
 * The stream and inbox filter a URL names, or null when it names none (a 404). The achievement
 * stream has no filters.
 */
export function notificationsRoute(type?: string, subType?: string): { type: NotificationType; inboxType: InboxType } | null {
  if (!NOTIFICATION_TYPES.includes(type as NotificationType)) return null;
  if (type === 'achievement') return subType ? null : { type: 'achievement', inboxType: 'all' };
  const inboxType = (subType ?? 'all') as InboxType;
  return INBOX_TYPES.includes(inboxType) ? { type: 'inbox', inboxType } : null;
}

/** "+10" / "-2" for an achievement row; zero shows as "0". */
export const rankText = (rank: number) => (rank > 0 ? `+${rank}` : String(rank));
