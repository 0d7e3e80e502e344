import { MODERATION_ACTIONS, type ModerationAction } from '@answer/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { useNavigate, useSearchParams } from 'react-router';
import { getModerationLog } from '../../api/admin-users';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AdminListState } from './AdminListState';
import { actionLabel, ModerationLogTable } from './AdminModerationLogTable';

const PAGE_SIZE = 30;

interface LogState {
  staff: string;
  action: ModerationAction | '';
  page: number;
}

function readState(params: URLSearchParams): LogState {
  const action = MODERATION_ACTIONS.find((a) => a === params.get('action')) ?? '';
  return { staff: (params.get('staff') ?? '').trim(), action, page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) };
}

function hrefOf(state: LogState): string {
  const params = new URLSearchParams();
  if (state.staff) params.set('staff', state.staff);
  if (state.action) params.set('action', state.action);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/admin/moderation-log${text ? `?${text}` : ''}`;
}

/** /admin/moderation-log: every staff action, newest first, by staff member (username) and action. */
export function AdminModerationLog() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.moderation_log'));
  const navigate = useNavigate();
  const state = readState(useSearchParams()[0]);
  const [staff, setStaff] = useState(state.staff);
  const [action, setAction] = useState(state.action);
  const log = useQuery({
    queryKey: ['admin', 'moderation-log', state],
    queryFn: ({ signal }) => getModerationLog({ page: state.page, page_size: PAGE_SIZE, staff: state.staff || undefined, action: state.action || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(hrefOf({ staff: staff.trim(), action, page: 1 }));
  };
  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.moderation_log')}</h1>
      <form className="d-flex flex-wrap gap-2 mb-3" role="search" onSubmit={submit}>
        <Form.Control size="sm" style={{ maxWidth: 220 }} value={staff} onChange={(e) => setStaff(e.target.value)} placeholder={t('admin.moderation_log.staff_placeholder')} aria-label={t('admin.moderation_log.staff')} />
        <Form.Select size="sm" style={{ maxWidth: 220 }} value={action} onChange={(e) => setAction(e.target.value as ModerationAction | '')} aria-label={t('admin.moderation_log.action')}>
          <option value="">{t('admin.moderation_log.all_actions')}</option>
          {MODERATION_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionLabel(t, a)}
            </option>
          ))}
        </Form.Select>
        <Button type="submit" size="sm" variant="outline-secondary">
          {t('admin.moderation_log.filter')}
        </Button>
      </form>
      <AdminListState
        data={log.data}
        isError={log.isError}
        empty={t('admin.moderation_log.empty')}
        paging={{ page: state.page, pageSize: PAGE_SIZE, hrefOf: (page) => hrefOf({ ...state, page }) }}
      >
        {(list) => <ModerationLogTable list={list} />}
      </AdminListState>
    </>
  );
}
