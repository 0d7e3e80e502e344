import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/translator';
import type { AdminUser } from '../../api/admin-users';

const COLOURS: Record<string, string> = { normal: 'text-bg-success', suspended: 'text-bg-danger', inactive: 'text-bg-warning', deleted: 'text-bg-secondary' };

/** An account's status; a suspension says until when. */
export function AdminUserStatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      <span className={`badge ${COLOURS[user.status] ?? 'text-bg-secondary'}`}>{t(`admin.users.statuses.${user.status}`)}</span>
      {user.status === 'suspended' && (
        <small className="text-body-secondary">
          {user.suspended_until ? t('admin.users.until', { time: dayjs.unix(user.suspended_until).format('YYYY-MM-DD HH:mm') }) : t('admin.users.forever')}
        </small>
      )}
    </span>
  );
}
