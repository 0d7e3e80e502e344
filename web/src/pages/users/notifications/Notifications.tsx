import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  INBOX_TYPES,
  type InboxType,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationType,
  isUnread,
  getNotificationPage,
  markAllNotificationsRead,
  markNotificationRead,
  resetNotificationStatus,
} from '../../../api/notification';
import { ErrorPage } from '../../../components/ErrorPage';
import { Icon } from '../../../components/icons/Icon';
import { PageLoading } from '../../../components/PageLoading';
import { Pagination } from '../../../components/Pagination';
import { NOTIFICATION_KEY, useNotificationStatus } from '../../../hooks/useNotificationStatus';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useSiteInfo } from '../../../state/site';
import { useUser } from '../../../state/user';
import { NotificationRow } from './NotificationRow';
import { notificationsPath, notificationsRoute } from './notification-links';

const TYPE_KEYS: Record<NotificationType, string> = { inbox: 'notifications.types.inbox', achievement: 'notifications.types.achievement' };
const TYPE_ICONS = { inbox: 'bell', achievement: 'award-fill' } as const;
const INBOX_KEYS: Record<InboxType, string> = {
  all: 'notifications.inbox_types.all',
  posts: 'notifications.inbox_types.posts',
  votes: 'notifications.inbox_types.votes',
  invites: 'notifications.inbox_types.invites',
};
const EMPTY_KEYS: Record<NotificationType, string> = { inbox: 'notifications.empty.inbox', achievement: 'notifications.empty.achievement' };

/**
 * /users/notifications/{inbox|achievement}/{all|posts|votes|invites}: one stream, newest first.
 * Opening a stream clears its red dot (and clears it again, refreshing the list, when something
 * new arrives while it is open); following a row marks it read.
 */
export function Notifications() {
  const { t } = useTranslation();
  const params = useParams();
  const route = notificationsRoute(params.type, params.subType);
  usePageTitle(t('notifications.title'));
  if (!route) return <ErrorPage code="404" />;
  return <NotificationStream key={route.type} type={route.type} inboxType={route.inboxType} />;
}

function NotificationStream({ type, inboxType }: { type: NotificationType; inboxType: InboxType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [query] = useSearchParams();
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const userId = useUser()?.id ?? '';
  const permalink = useSiteInfo()?.site_seo.permalink;
  const status = useNotificationStatus();
  const listKey = [...NOTIFICATION_KEY, 'page', userId, type, inboxType, page];
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => getNotificationPage(type, inboxType, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEY });

  // Clear this stream's red dot on opening, and whenever the poll says something new came in.
  const fresh = (status?.[type] ?? 0) > 0;
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current && !fresh) return;
    const first = !cleared.current;
    cleared.current = true;
    void resetNotificationStatus(type)
      .catch(() => undefined)
      .then(() => (first ? queryClient.invalidateQueries({ queryKey: [...NOTIFICATION_KEY, 'status'] }) : refresh()));
    // Only the stream and a new arrival matter; the query client is the same for the app's life.
  }, [type, fresh]);

  const markAll = useMutation({ mutationFn: () => markAllNotificationsRead(type), onSettled: refresh });
  const open = (item: NotificationItem) => {
    if (!isUnread(item)) return;
    void markNotificationRead(item.id)
      .catch(() => undefined)
      .then(refresh);
  };

  const data = list.data;
  const hasUnread = Boolean(data?.list.some((n) => isUnread(n)));

  return (
    <section aria-labelledby="notifications-title" data-testid="notifications">
      <h1 id="notifications-title" className="h3 mb-3">
        {t('notifications.title')}
      </h1>
      <nav aria-label={t('notifications.types.label')} className="mb-3">
        <ul className="nav nav-tabs">
          {NOTIFICATION_TYPES.map((name) => {
            const dot = name !== type ? (status?.[name] ?? 0) : 0;
            return (
              <li key={name} className="nav-item">
                <Link to={notificationsPath(name)} className={`nav-link ${name === type ? 'active' : ''}`} aria-current={name === type ? 'page' : undefined}>
                  <Icon name={TYPE_ICONS[name]} className="me-2" />
                  {t(TYPE_KEYS[name])}
                  {dot > 0 && (
                    <span className="badge rounded-pill text-bg-danger ms-2" data-testid={`notification-tab-count-${name}`}>
                      {dot}
                      <span className="visually-hidden"> {t('notifications.new')}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        {type === 'inbox' ? (
          <nav aria-label={t('notifications.inbox_types.label')}>
            <ul className="nav nav-pills nav-sm small">
              {INBOX_TYPES.map((name) => (
                <li key={name} className="nav-item">
                  <Link
                    to={notificationsPath('inbox', name)}
                    className={`nav-link py-1 px-2 ${name === inboxType ? 'active' : ''}`}
                    aria-current={name === inboxType ? 'page' : undefined}
                  >
                    {t(INBOX_KEYS[name])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <span />
        )}
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={!hasUnread || markAll.isPending} onClick={() => markAll.mutate()} data-testid="notifications-mark-all">
          <Icon name="check-lg" className="me-1" />
          {t('notifications.mark_all_read')}
        </button>
      </div>
      {!data ? (
        list.isPending && <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-body-secondary border rounded text-center py-5 px-3" data-testid="notifications-empty">
          <p className="mb-1">{t(inboxType === 'all' ? EMPTY_KEYS[type] : 'notifications.empty.filtered')}</p>
          <p className="small mb-0">{t(type === 'inbox' ? 'notifications.empty.inbox_hint' : 'notifications.empty.achievement_hint')}</p>
        </div>
      ) : (
        <ul className="list-group list-group-flush border-top mb-3" aria-label={t(TYPE_KEYS[type])}>
          {data.list.map((item) => (
            <NotificationRow key={item.id} item={item} permalink={permalink} showActor={type === 'inbox'} onOpen={open} />
          ))}
        </ul>
      )}
      {data && <Pagination page={page} pageSize={NOTIFICATION_PAGE_SIZE} count={data.count} hrefOf={(p) => notificationsPath(type, inboxType, p)} />}
    </section>
  );
}
