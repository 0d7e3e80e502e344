import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { deriveLoginState } from '../app/login-state';
import { useNotificationStatus } from '../hooks/useNotificationStatus';
import { useUser } from '../state/user';
import { Icon } from './icons/Icon';

/** Counts above this show as "99+" so the badge keeps its size. */
const MAX_SHOWN = 99;

/**
 * The header's bell: unread inbox and achievement notifications together (from the shared status
 * poll), leading to the inbox. Nothing for visitors, unactivated or suspended users (no poll either).
 */
export function NotificationBell({ colored }: { colored: boolean }) {
  const { t } = useTranslation();
  const status = useNotificationStatus();
  const shown = deriveLoginState(useUser()).isNormal;
  if (!shown) return null;
  // Until the first poll answers (or while the server fails) the bell shows, without a count.
  const unread = status ? Math.max(0, (Number(status.inbox) || 0) + (Number(status.achievement) || 0)) : 0;
  return (
    <Link
      to="/users/notifications/inbox"
      className={`btn btn-link position-relative p-1 me-3 ${colored ? 'text-white' : 'text-body'}`}
      aria-label={unread > 0 ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell')}
      title={t('notifications.title')}
      data-testid="notification-bell"
    >
      <Icon name="bell" size={20} />
      {unread > 0 && (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger" data-testid="notification-count" aria-hidden="true">
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </Link>
  );
}
