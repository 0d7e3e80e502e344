import dayjs from 'dayjs';
import Table from 'react-bootstrap/Table';
import { type TFunction, useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { ModerationLogItem } from '../../api/admin-users';
import { questionPath } from '../../components/question-links';
import { TimeAgo } from '../../components/TimeAgo';
import { useSiteInfo } from '../../state/site';

/** Detail entries that are ids for the machine (the post is linked instead) or empty. */
const HIDDEN_DETAIL = new Set(['flag_id', 'id', 'question_id']);

/** One detail value in words: times as dates, flags as yes/no, known codes translated. */
function valueText(t: TFunction, key: string, v: unknown): string {
  if (key.endsWith('_until') || key.endsWith('_at')) return typeof v === 'number' && v > 0 ? dayjs.unix(v).format('YYYY-MM-DD HH:mm') : t('admin.moderation_log.never');
  if (typeof v === 'boolean') return t(v ? 'admin.dashboard.yes' : 'admin.dashboard.no');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The details a row carries (status from/to, role from/to, counts), each named in words. */
function detailText(t: TFunction, item: ModerationLogItem): string {
  return Object.entries(item.detail)
    .filter(([k, v]) => !HIDDEN_DETAIL.has(k) && v !== '' && v !== false && v !== null)
    .map(([k, v]) => `${t(`admin.moderation_log.details.${k}`, { defaultValue: k })}: ${valueText(t, k, v)}`)
    .join(' · ');
}

const person = (u: ModerationLogItem['staff_user']) => (u ? <Link to={`/users/${u.username}`}>{u.display_name || u.username}</Link> : '—');

/** Rows of the moderation log: when, who, what (in words, with the post linked), about whom, why. */
export function ModerationLogTable({ list, showTarget = true }: { list: ModerationLogItem[]; showTarget?: boolean }) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
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
              <span title={item.action}>{actionLabel(t, item.action)}</span>
              {item.post && (
                <div className="small text-break">
                  <Link to={questionPath(permalink, { id: item.post.question_id, url_title: item.post.url_title }, item.post.answer_id || undefined)}>
                    {item.post.title || t('users.hidden_post')}
                  </Link>
                </div>
              )}
            </td>
            {showTarget && <td>{person(item.target_user)}</td>}
            <td className="text-break">{item.reason}</td>
            <td className="small text-body-secondary text-break">{detailText(t, item)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** An action code ("flag.ignore") in words ("Flag ignored"). */
export const actionLabel = (t: TFunction, action: string) => t(`admin.moderation_log.actions.${action.replace('.', '_')}`, { defaultValue: action });
