import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { WebhookDeliveryItem } from '../../../api/webhooks';
import { TimeAgo } from '../../../components/TimeAgo';
import { useTranslation } from '../../../i18n/translator';
import { isSuccessStatus } from './webhook-form';
import { DeliveryStatusBadge, EventLabel } from './WebhookParts';

/**
 * One page of a webhook's deliveries, newest first: when, which event, how it went, the receiver's
 * status, time and first bytes of its answer (one monospace line, the whole on hover), and
 * Redeliver. Scrolls inside itself on a phone.
 */
export function DeliveriesTable({ list, redelivering, onRedeliver }: { list: WebhookDeliveryItem[]; redelivering: number | null; onRedeliver: (delivery: WebhookDeliveryItem) => void }) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive position-relative">
      <Table size="sm" className="align-middle small" data-testid="webhook-deliveries">
        <thead>
          <tr>
            <th>{t('admin.webhooks.col.time')}</th>
            <th>{t('admin.webhooks.col.event')}</th>
            <th>{t('admin.webhooks.col.status')}</th>
            <th className="text-end">{t('admin.webhooks.col.attempts')}</th>
            <th className="text-end">{t('admin.webhooks.col.http')}</th>
            <th className="text-end">{t('admin.webhooks.col.duration')}</th>
            <th>{t('admin.webhooks.col.response')}</th>
            <th>
              <span className="visually-hidden">{t('admin.webhooks.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => {
            const tried = d.attempts > 0;
            return (
              <tr key={d.id} data-testid="webhook-delivery" data-id={d.id}>
                <td className="text-nowrap">
                  <TimeAgo time={d.created_at} />
                </td>
                <td>
                  <div className="text-nowrap">
                    <EventLabel event={d.event} />
                  </div>
                  <div className="font-monospace text-body-secondary text-nowrap" style={{ fontSize: '0.75em' }} title={t('admin.webhooks.event_id')}>
                    {d.event_id}
                  </div>
                </td>
                <td className="text-nowrap">
                  <DeliveryStatusBadge delivery={d} />
                </td>
                <td className="text-end">{d.attempts}</td>
                <td className="text-end text-nowrap">
                  {!tried ? (
                    '—'
                  ) : d.response_status === 0 ? (
                    <span className="text-danger-emphasis">{t('admin.webhooks.unreachable')}</span>
                  ) : (
                    <span className={isSuccessStatus(d.response_status) ? 'text-success-emphasis' : 'text-danger-emphasis'}>{d.response_status}</span>
                  )}
                </td>
                <td className="text-end text-nowrap">{tried ? t('admin.webhooks.ms', { ms: d.response_ms }) : '—'}</td>
                <td>
                  {d.response_body ? (
                    <div className="font-monospace text-truncate text-body-secondary" style={{ maxWidth: '16rem' }} title={d.response_body} data-testid="webhook-delivery-body">
                      {d.response_body}
                    </div>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="text-nowrap"
                    disabled={redelivering !== null}
                    onClick={() => onRedeliver(d)}
                    aria-label={t('admin.webhooks.redeliver_one', { id: d.event_id })}
                  >
                    {t('admin.webhooks.redeliver')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
