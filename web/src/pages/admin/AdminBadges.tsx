import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { type AdminBadge, getAdminBadges, setBadgeStatus } from '../../api/badges';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatCount } from '../../components/count-format';
import { HtmlBlock } from '../../components/HtmlBlock';
import { usePageTitle } from '../../hooks/usePageTitle';
import { showToast } from '../../state/notices';
import { BadgeIcon, LevelLabel } from '../badges/BadgeIcon';
import { badgePath, levelName } from '../badges/badge-view';
import { AdminFilterTabs } from './AdminFilterTabs';
import { AdminListState } from './AdminListState';
import { AdminSearchForm } from './AdminSearchForm';
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
  const queryClient = useQueryClient();
  const state = readAdminBadgesState(useSearchParams()[0]);
  const [confirming, setConfirming] = useState<AdminBadge | null>(null);
  const [busy, setBusy] = useState(false);

  const badges = useQuery({
    queryKey: ['admin', 'badges', state],
    queryFn: ({ signal }) => getAdminBadges({ page: state.page, page_size: PAGE_SIZE, q: state.q || undefined, status: statusParam(state.status) }, signal),
    placeholderData: keepPreviousData,
  });

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
        <AdminFilterTabs
          label={t('admin.badges.filter_label')}
          filters={ADMIN_BADGE_FILTERS}
          current={state.status}
          hrefOf={(status) => adminBadgesHref({ ...state, status, page: 1 })}
          labelOf={(status) => t(`admin.badges.filter.${status}`)}
          wrap={false}
        />
        <AdminSearchForm
          query={state.q}
          hrefOf={(q) => adminBadgesHref({ ...state, q, page: 1 })}
          label={t('admin.badges.search_label')}
          placeholder={t('admin.badges.search_placeholder')}
          submitLabel={t('admin.badges.search')}
          inputStyle={{ maxWidth: 240 }}
        />
      </div>
      <AdminListState
        data={badges.data}
        isError={badges.isError}
        empty={
          <>
            <p className="mb-2">{state.q ? t('admin.badges.empty_search', { q: state.q }) : t(`admin.badges.empty.${state.status}`)}</p>
            {(state.q || state.status !== 'all') && <Link to={adminBadgesHref({ status: 'all', q: '', page: 1 })}>{t('admin.badges.show_all')}</Link>}
          </>
        }
        emptyTestId="admin-badges-empty"
        paging={{ page: state.page, pageSize: PAGE_SIZE, hrefOf: (page) => adminBadgesHref({ ...state, page }) }}
      >
        {(list) => (
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
              {list.map((badge) => (
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
      </AdminListState>
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
