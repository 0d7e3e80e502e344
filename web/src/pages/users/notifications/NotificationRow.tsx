import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import { type NotificationItem, isUnread } from '../../../api/notification';
import { Icon } from '../../../components/icons/Icon';
import { TimeAgo } from '../../../components/TimeAgo';
import { UserLink } from '../../../components/UserLink';
import { notificationLink, rankText } from './notification-links';

interface Props {
  item: NotificationItem;
  permalink?: number;
  /** Inbox rows name who did it; achievement rows are about the viewer. */
  showActor: boolean;
  /** Called as the row's link is followed (the page marks an unread row read). */
  onOpen: (item: NotificationItem) => void;
}

/**
 * One notification. Inbox rows read "<who> <did what> <title>" (downvotes name nobody); achievement
 * rows lead with the reputation change, badge awards with the badge. Unread rows are tinted and say
 * so to screen readers.
 */
export function NotificationRow({ item, permalink, showActor, onOpen }: Props) {
  const { t } = useTranslation();
  const unread = isUnread(item);
  const info = item.object_info;
  const href = notificationLink(item, permalink);
  const isBadge = info.object_type === 'badge_award';
  const hasRank = !isBadge && typeof item.rank === 'number' && item.rank !== 0;
  const user = item.user_info?.username ? item.user_info : null;
  const title = info.title || t('notifications.untitled');
  // A badge award's title already says "You've earned the X badge": the action would repeat it.
  const action = item.notification_action && item.notification_action !== info.title ? item.notification_action : '';

  return (
    <li className={`list-group-item d-flex align-items-start gap-3 py-3 ${unread ? 'bg-primary-subtle' : ''}`} data-testid="notification-item" data-read={unread ? 'false' : 'true'}>
      {hasRank && (
        <span
          className={`badge ${item.rank! > 0 ? 'text-bg-success' : 'text-bg-danger'} fs-6 flex-shrink-0`}
          style={{ minWidth: '3.5rem' }}
          title={t('notifications.rank_change')}
          data-testid="notification-rank"
        >
          {rankText(item.rank!)}
        </span>
      )}
      {/* Badge rows carry no icon or level of their own: an award in the theme's colour marks them. */}
      {isBadge && <Icon name="award-fill" size={24} className="text-primary" />}
      <div className="flex-grow-1 text-break">
        <div className={unread ? 'fw-semibold' : ''}>
          {unread && <span className="visually-hidden">{t('notifications.unread')}: </span>}
          {showActor && !isBadge && (
            <>{user ? <UserLink user={user} /> : <span>{t('notifications.someone')}</span>} </>
          )}
          {action && <span className="text-body-secondary">{action} </span>}
          {href ? (
            <Link to={href} onClick={() => onOpen(item)} data-testid="notification-link">
              {title}
            </Link>
          ) : (
            <span>{title}</span>
          )}
        </div>
        <TimeAgo time={item.update_time} className="small text-body-secondary" />
      </div>
      {unread && <span className="rounded-circle bg-primary flex-shrink-0 mt-2" style={{ width: 8, height: 8 }} aria-hidden="true" />}
    </li>
  );
}
