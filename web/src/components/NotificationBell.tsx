import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { deriveLoginState } from '../app/login-state';
import { useNotificationStatus } from '../hooks/useNotificationStatus';
import { useUser } from '../state/user';

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
      <svg width="20" height="20" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2M8 1.918l-.797.161A4 4 0 0 0 4 6c0 .628-.134 2.197-.459 3.742-.16.767-.376 1.566-.663 2.258h10.244c-.287-.692-.502-1.49-.663-2.258C12.134 8.197 12 6.628 12 6a4 4 0 0 0-3.203-3.92zM14.22 12c.223.447.481.801.78 1H1c.299-.199.557-.553.78-1C2.68 10.2 3 6.88 3 6c0-2.42 1.72-4.44 4.005-4.901a1 1 0 1 1 1.99 0A5 5 0 0 1 13 6c0 .88.32 4.2 1.22 6" />
      </svg>
      {unread > 0 && (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger" data-testid="notification-count" aria-hidden="true">
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </Link>
  );
}
