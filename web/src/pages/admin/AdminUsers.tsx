import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_AGENT, getAdminUserCenterAgent, getAdminUsers } from '../../api/admin-users';
import { Avatar } from '../../components/Avatar';
import { TimeAgo } from '../../components/TimeAgo';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AdminFilterTabs } from './AdminFilterTabs';
import { AdminListState } from './AdminListState';
import { AdminSearchForm } from './AdminSearchForm';
import { AdminUserActions } from './AdminUserActions';
import { AddUserDialog, BulkAddDialog } from './AdminUserDialogs';
import { AdminUserStatusBadge } from './AdminUserStatusBadge';
import { ADMIN_USER_FILTERS, adminUsersHref, filterParams, readAdminUsersState } from './admin-users-params';

const PAGE_SIZE = 20;

/**
 * /admin/users: accounts by tab (all, staff, one status) and search (e-mail, `user:<id>`, part of a
 * name), with adding one or many users and the actions on each row.
 */
export function AdminUsers() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.users'));
  const queryClient = useQueryClient();
  const state = readAdminUsersState(useSearchParams()[0]);
  const [adding, setAdding] = useState<'one' | 'many' | null>(null);
  const users = useQuery({
    queryKey: ['admin', 'users', state],
    queryFn: ({ signal }) => getAdminUsers({ page: state.page, page_size: PAGE_SIZE, query: state.query || undefined, ...filterParams(state.filter) }, signal),
    placeholderData: keepPreviousData,
  });
  const agent = useQuery({ queryKey: ADMIN_AGENT, queryFn: ({ signal }) => getAdminUserCenterAgent(signal), staleTime: 60_000 });
  const added = () => {
    setAdding(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">{t('admin.menu.users')}</h1>
        {/* Accounts made by the site's user centre cannot be added here (hidden until the answer comes). */}
        {agent.data?.allow_create_user && (
          <div className="d-flex gap-2">
            <Button size="sm" onClick={() => setAdding('one')}>
              {t('admin.users.add_user')}
            </Button>
            <Button size="sm" variant="outline-primary" onClick={() => setAdding('many')}>
              {t('admin.users.bulk_add')}
            </Button>
          </div>
        )}
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <AdminFilterTabs
          label={t('admin.users.filter_label')}
          filters={ADMIN_USER_FILTERS}
          current={state.filter}
          hrefOf={(filter) => adminUsersHref({ ...state, filter, page: 1 })}
          labelOf={(filter) => t(`admin.users.filters.${filter}`)}
        />
        <AdminSearchForm
          query={state.query}
          hrefOf={(query) => adminUsersHref({ ...state, query, page: 1 })}
          label={t('admin.users.search_label')}
          placeholder={t('admin.users.search_placeholder')}
          submitLabel={t('admin.users.search')}
          inputStyle={{ maxWidth: 260 }}
        />
      </div>
      <AdminListState
        data={users.data}
        isError={users.isError}
        empty={t('admin.users.empty')}
        emptyTestId="admin-users-empty"
        paging={{ page: state.page, pageSize: PAGE_SIZE, hrefOf: (page) => adminUsersHref({ ...state, page }) }}
      >
        {/* Positioned: the visually hidden header text (absolutely placed) then stays inside the scroll box on a phone. */}
        {(list) => (
          <div className="table-responsive position-relative">
          <Table className="align-middle" data-testid="admin-users">
            <thead>
              <tr>
                <th>{t('admin.users.name')}</th>
                <th>{t('admin.users.reputation')}</th>
                <th>{t('admin.users.email')}</th>
                <th>{t('admin.users.created')}</th>
                <th>{t('admin.users.status')}</th>
                <th>{t('admin.users.role')}</th>
                <th>
                  <span className="visually-hidden">{t('admin.users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <tr key={user.user_id} data-testid="admin-user-row" data-username={user.username}>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      <Avatar src={user.avatar} name={user.display_name} size={32} seed={user.username} />
                      <div>
                        <Link to={`/admin/users/${user.user_id}`} className="fw-semibold">
                          {user.display_name}
                        </Link>
                        <div className="small text-body-secondary">@{user.username}</div>
                      </div>
                    </div>
                  </td>
                  <td>{user.rank}</td>
                  <td className="text-break">{user.e_mail}</td>
                  <td className="text-nowrap">
                    <TimeAgo time={user.created_at} />
                  </td>
                  <td>
                    <AdminUserStatusBadge user={user} />
                  </td>
                  <td>{user.role_name}</td>
                  <td className="text-end">
                    <AdminUserActions user={user} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          </div>
        )}
      </AdminListState>
      {adding === 'one' && <AddUserDialog onDone={added} onCancel={() => setAdding(null)} />}
      {adding === 'many' && <BulkAddDialog onDone={added} onCancel={() => setAdding(null)} />}
    </>
  );
}
