import dayjs from 'dayjs';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { ModerationLogItem } from '../../api/admin-users';
import { TimeAgo } from '../../components/TimeAgo';

/** A short line for the details a row carries (status from/to, role from/to, changed fields). */
function detailText(item: ModerationLogItem): string {
  return Object.entries(item.detail)
    .filter(([, v]) => v !== '' && v !== false && v !== 0 && v !== null)
    .map(([k, v]) => `${k}: ${k.endsWith('_until') && typeof v === 'number' ? dayjs.unix(v).format('YYYY-MM-DD HH:mm') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

const person = (u: ModerationLogItem['staff_user']) => (u ? <Link to={`/users/${u.username}`}>{u.display_name || u.username}</Link> : '—');

/** Rows of the moderation log: when, who, what, about whom, why. */
export function ModerationLogTable({ list, showTarget = true }: { list: ModerationLogItem[]; showTarget?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table responsive size="sm" className="align-middle" data-testid="moderation-log">
      <thead>
        <tr>
          <th>{t('admin.moderation_log.time')}</th>
          <th>{t('admin.moderation_log.staff')}</th>
          <th>{t('admin.moderation_log.action')}</th>
          {showTarget && <th>{t('admin.moderation_log.target')}</th>}
          <th>{t('admin.moderation_log.reason')}</th>
          <th>{t('admin.moderation_log.detail')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((item) => (
          <tr key={item.id} data-testid="moderation-log-row">
            <td className="text-nowrap">
              <TimeAgo time={item.created_at} />
            </td>
            <td>{person(item.staff_user)}</td>
            <td>
              <code>{item.action}</code>
            </td>
            {showTarget && <td>{person(item.target_user)}</td>}
            <td className="text-break">{item.reason}</td>
            <td className="small text-body-secondary text-break">{detailText(item)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
