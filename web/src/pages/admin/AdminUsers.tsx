import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getAdminUsers } from '../../api/admin-users';
import { Avatar } from '../../components/Avatar';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { TimeAgo } from '../../components/TimeAgo';
import { usePageTitle } from '../../hooks/usePageTitle';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = readAdminUsersState(useSearchParams()[0]);
  const [search, setSearch] = useState(state.query);
  const [seenQuery, setSeenQuery] = useState(state.query);
  if (seenQuery !== state.query) {
    setSeenQuery(state.query);
    setSearch(state.query);
  }
  const [adding, setAdding] = useState<'one' | 'many' | null>(null);
  const users = useQuery({
    queryKey: ['admin', 'users', state],
    queryFn: ({ signal }) => getAdminUsers({ page: state.page, page_size: PAGE_SIZE, query: state.query || undefined, ...filterParams(state.filter) }, signal),
    placeholderData: keepPreviousData,
  });
  const data = users.data;
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    navigate(adminUsersHref({ ...state, query: search.trim(), page: 1 }));
  };
  const added = () => {
    setAdding(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">{t('admin.menu.users')}</h1>
        <div className="d-flex gap-2">
          <Button size="sm" onClick={() => setAdding('one')}>
            {t('admin.users.add_user')}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => setAdding('many')}>
            {t('admin.users.bulk_add')}
          </Button>
        </div>
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <nav aria-label={t('admin.users.filter_label')}>
          <div className="btn-group btn-group-sm flex-wrap">
            {ADMIN_USER_FILTERS.map((filter) => (
              <Link
                key={filter}
                to={adminUsersHref({ ...state, filter, page: 1 })}
                className={`btn btn-outline-secondary ${filter === state.filter ? 'active' : ''}`}
                aria-current={filter === state.filter ? 'page' : undefined}
              >
                {t(`admin.users.filters.${filter}`)}
              </Link>
            ))}
          </div>
        </nav>
        <form className="d-flex gap-2" role="search" onSubmit={submitSearch}>
          <input
            type="search"
            className="form-control form-control-sm"
            style={{ maxWidth: 260 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label={t('admin.users.search_label')}
            placeholder={t('admin.users.search_placeholder')}
          />
          <Button type="submit" size="sm" variant="outline-secondary">
            {t('admin.users.search')}
          </Button>
        </form>
      </div>
      {!data ? (
        users.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid="admin-users-empty">
          {t('admin.users.empty')}
        </div>
      ) : (
        <Table responsive className="align-middle" data-testid="admin-users">
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
            {data.list.map((user) => (
              <tr key={user.user_id} data-testid="admin-user-row" data-username={user.username}>
                <td>
                  <div className="d-flex align-items-center gap-2">
                    <Avatar src={user.avatar} name={user.display_name} size={32} />
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
      )}
      {data && <Pagination page={state.page} pageSize={PAGE_SIZE} count={data.count} hrefOf={(page) => adminUsersHref({ ...state, page })} />}
      {adding === 'one' && <AddUserDialog onDone={added} onCancel={() => setAdding(null)} />}
      {adding === 'many' && <BulkAddDialog onDone={added} onCancel={() => setAdding(null)} />}
    </>
  );
}
