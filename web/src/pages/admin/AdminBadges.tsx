import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AdminBadge, getAdminBadges, setBadgeStatus } from '../../api/badges';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatCount } from '../../components/count-format';
import { FormMessage } from '../../components/FormMessage';
import { HtmlBlock } from '../../components/HtmlBlock';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { usePageTitle } from '../../hooks/usePageTitle';
import { showToast } from '../../state/notices';
import { BadgeIcon, LevelLabel } from '../badges/BadgeIcon';
import { badgePath, levelName } from '../badges/badge-view';
import { ADMIN_BADGE_FILTERS, adminBadgesHref, readAdminBadgesState, statusParam, toggledStatus } from './admin-badges-params';

const PAGE_SIZE = 20;

/**
 * /admin/badges: every badge with its group, level and award count, filtered by status and name,
 * in pages. Deactivating one (after a confirmation) hides it and its awards everywhere; activating
 * it brings them back.
 */
export function AdminBadges() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.badges'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = readAdminBadgesState(useSearchParams()[0]);
  const [search, setSearch] = useState(state.q);
  const [seenQ, setSeenQ] = useState(state.q);
  // A new address (Back, the clear link) refills the box.
  if (seenQ !== state.q) {
    setSeenQ(state.q);
    setSearch(state.q);
  }
  const [confirming, setConfirming] = useState<AdminBadge | null>(null);
  const [busy, setBusy] = useState(false);

  const badges = useQuery({
    queryKey: ['admin', 'badges', state],
    queryFn: ({ signal }) => getAdminBadges({ page: state.page, page_size: PAGE_SIZE, q: state.q || undefined, status: statusParam(state.status) }, signal),
    placeholderData: keepPreviousData,
  });
  const data = badges.data;

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    navigate(adminBadgesHref({ ...state, q: search.trim(), page: 1 }));
  };

  const changeStatus = async (badge: AdminBadge) => {
    const status = toggledStatus(badge.status);
    setBusy(true);
    try {
      await setBadgeStatus(badge.id, status);
      showToast(t(status === 'active' ? 'admin.badges.activated_toast' : 'admin.badges.deactivated_toast', { name: badge.name }), 'success');
      setConfirming(null);
      // The public list, badge pages and profiles change too.
      await queryClient.invalidateQueries({ queryKey: ['badges'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'badges'] });
    } catch {
      // The request client already shows why it failed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.badges')}</h1>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <nav aria-label={t('admin.badges.filter_label')}>
          <div className="btn-group btn-group-sm">
            {ADMIN_BADGE_FILTERS.map((status) => (
              <Link
                key={status}
                to={adminBadgesHref({ ...state, status, page: 1 })}
                className={`btn btn-outline-secondary ${status === state.status ? 'active' : ''}`}
                aria-current={status === state.status ? 'page' : undefined}
              >
                {t(`admin.badges.filter.${status}`)}
              </Link>
            ))}
          </div>
        </nav>
        <form className="d-flex gap-2" role="search" onSubmit={submitSearch}>
          <input
            type="search"
            className="form-control form-control-sm"
            style={{ maxWidth: 240 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label={t('admin.badges.search_label')}
            placeholder={t('admin.badges.search_placeholder')}
          />
          <Button type="submit" size="sm" variant="outline-secondary">
            {t('admin.badges.search')}
          </Button>
        </form>
      </div>
      {!data ? (
        badges.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid="admin-badges-empty">
          <p className="mb-2">{state.q ? t('admin.badges.empty_search', { q: state.q }) : t(`admin.badges.empty.${state.status}`)}</p>
          {(state.q || state.status !== 'all') && <Link to={adminBadgesHref({ status: 'all', q: '', page: 1 })}>{t('admin.badges.show_all')}</Link>}
        </div>
      ) : (
        <Table responsive className="align-middle" data-testid="admin-badges">
          <thead>
            <tr>
              <th>{t('admin.badges.name')}</th>
              <th>{t('admin.badges.group')}</th>
              <th>{t('admin.badges.level')}</th>
              <th>{t('admin.badges.awards')}</th>
              <th>{t('admin.badges.status')}</th>
              <th>
                <span className="visually-hidden">{t('admin.badges.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((badge) => (
              <tr key={badge.id} data-testid="admin-badge-row">
                <td>
                  <div className="d-flex align-items-start gap-2">
                    <BadgeIcon icon={badge.icon} level={badge.level} size={20} />
                    <div>
                      {badge.status === 'active' ? (
                        <Link to={badgePath(badge.id)} className="fw-semibold">
                          {badge.name}
                        </Link>
                      ) : (
                        <span className="fw-semibold">{badge.name}</span>
                      )}
                      <HtmlBlock html={badge.description} className="small text-body-secondary" />
                    </div>
                  </div>
                </td>
                <td>{badge.group_name}</td>
                <td className="text-nowrap">
                  <LevelLabel level={badge.level} label={t(`badges.level.${levelName(badge.level)}`)} />
                </td>
                <td>{formatCount(badge.award_count)}</td>
                <td>
                  <span className={`badge ${badge.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>{t(`admin.badges.filter.${badge.status}`)}</span>
                </td>
                <td className="text-end">
                  <Button size="sm" variant={badge.status === 'active' ? 'outline-danger' : 'outline-primary'} onClick={() => setConfirming(badge)}>
                    {t(badge.status === 'active' ? 'admin.badges.deactivate' : 'admin.badges.activate')}
                    <span className="visually-hidden"> {badge.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {data && <Pagination page={state.page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(page) => adminBadgesHref({ ...state, page })} />}
      {confirming && (
        <ConfirmDialog
          message={t(confirming.status === 'active' ? 'admin.badges.confirm_deactivate' : 'admin.badges.confirm_activate', { name: confirming.name })}
          confirmLabel={t(confirming.status === 'active' ? 'admin.badges.deactivate' : 'admin.badges.activate')}
          busy={busy}
          onConfirm={() => void changeStatus(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
