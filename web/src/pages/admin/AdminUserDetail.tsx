import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams } from 'react-router';
import { getAdminUser, getModerationLog } from '../../api/admin-users';
import { Avatar } from '../../components/Avatar';
import { ErrorPage } from '../../components/ErrorPage';
import { PageLoading } from '../../components/PageLoading';
import { TimeAgo } from '../../components/TimeAgo';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ModerationLogTable } from './AdminModerationLogTable';
import { AdminUserActions } from './AdminUserActions';
import { AdminUserStatusBadge } from './AdminUserStatusBadge';

/** /admin/users/{id}: one account, the actions on it, and the latest staff actions about it. */
export function AdminUserDetail() {
  const { t } = useTranslation();
  usePageTitle(t('admin.user_detail'));
  const userId = useParams().user_id ?? '';
  const user = useQuery({ queryKey: ['admin', 'users', 'one', userId], queryFn: ({ signal }) => getAdminUser(userId, signal) });
  const log = useQuery({
    queryKey: ['admin', 'moderation-log', 'user', userId],
    queryFn: ({ signal }) => getModerationLog({ page: 1, page_size: 20, target_user_id: userId }, signal),
    enabled: /^\d+$/.test(userId),
  });
  if (user.isPending) return <PageLoading />;
  const u = user.data;
  if (!u) return <ErrorPage code="404" />;
  return (
    <>
      <nav className="mb-3 small">
        <Link to="/admin/users">{t('admin.users.back')}</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div className="d-flex align-items-center gap-3">
          <Avatar src={u.avatar} name={u.display_name} size={64} seed={u.username} />
          <div>
            <h1 className="h3 mb-1">{u.display_name}</h1>
            <div className="text-body-secondary">
              {u.status === 'deleted' ? `@${u.username}` : <Link to={`/users/${u.username}`}>@{u.username}</Link>}
            </div>
          </div>
        </div>
        <AdminUserActions user={u} />
      </div>
      <dl className="row mb-4" data-testid="admin-user-detail">
        <dt className="col-sm-3">{t('admin.users.email')}</dt>
        <dd className="col-sm-9 text-break">{u.e_mail}</dd>
        <dt className="col-sm-3">{t('admin.users.status')}</dt>
        <dd className="col-sm-9">
          <AdminUserStatusBadge user={u} />
        </dd>
        <dt className="col-sm-3">{t('admin.users.role')}</dt>
        <dd className="col-sm-9">{u.role_name}</dd>
        <dt className="col-sm-3">{t('admin.users.reputation')}</dt>
        <dd className="col-sm-9">{u.rank}</dd>
        <dt className="col-sm-3">{t('admin.users.created')}</dt>
        <dd className="col-sm-9">
          <TimeAgo time={u.created_at} />
        </dd>
      </dl>
      <h2 className="h5">{t('admin.users.recent_log')}</h2>
      {log.data && log.data.list.length > 0 ? (
        <ModerationLogTable list={log.data.list} showTarget={false} />
      ) : (
        <p className="text-body-secondary">{t('admin.moderation_log.empty')}</p>
      )}
    </>
  );
}
