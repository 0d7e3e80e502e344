import { WEBHOOK_EVENTS } from '@answer/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  DELIVERIES_PAGE_SIZE,
  getWebhookDeliveries,
  getWebhooks,
  redeliverWebhook,
  testWebhook,
  WEBHOOKS,
  type WebhookDeliveryItem,
  webhookDeliveriesKey,
} from '../../api/webhooks';
import { deferred } from '../../components/deferred';
import { ErrorPage } from '../../components/ErrorPage';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { TimeAgo } from '../../components/TimeAgo';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { AdminListState } from './AdminListState';
import { DeliveriesTable } from './webhooks/DeliveriesTable';
import { webhookPath } from './webhooks/webhook-form';
import { DisabledWarning, EventLabel, useTellError, WebhookSecret, WebhookStateBadges } from './webhooks/WebhookParts';

const WebhookFormDialog = deferred(() => import('./webhooks/WebhookDialogs').then((m) => m.WebhookFormDialog));

/** While a delivery is waiting or retrying, its row is read again this often. */
const PENDING_REFRESH_MS = 5000;

/**
 * /admin/webhooks/{id}: one webhook (its settings, its secret and how receivers check signatures)
 * and its recent deliveries, newest first, a page at a time (`?page=`), each of which can be sent
 * again; "Send test event" queues a `ping`. The list is read again after each of these.
 */
export function AdminWebhookDetail() {
  const { t } = useTranslation();
  usePageTitle(t('admin.webhooks.detail_title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idText = useParams().webhook_id ?? '';
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : 0;
  const page = Math.max(1, Number.parseInt(useSearchParams()[0].get('page') ?? '1', 10) || 1);
  // The list holds every webhook (there is no call for one): the list page's cache serves both.
  const hooks = useQuery({ queryKey: WEBHOOKS, queryFn: ({ signal }) => getWebhooks(signal) });
  const item = hooks.data?.find((h) => h.id === id);
  const deliveries = useQuery({
    queryKey: webhookDeliveriesKey(id, page),
    queryFn: ({ signal }) => getWebhookDeliveries(id, page, signal),
    enabled: Boolean(item),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);
  const [redelivering, setRedelivering] = useState<number | null>(null);
  const tell = useTellError();

  // The webhook too: its failures in a row and state change with deliveries.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS });

  const sendTest = async () => {
    setTesting(true);
    try {
      await testWebhook(id);
      showToast(t('admin.webhooks.test_queued'), 'success');
      // The ping is the newest delivery: on the first page.
      if (page > 1) navigate(webhookPath(id));
    } catch (error) {
      tell(error);
    } finally {
      setTesting(false);
      refresh();
    }
  };

  const redeliver = async (delivery: WebhookDeliveryItem) => {
    setRedelivering(delivery.id);
    try {
      await redeliverWebhook(delivery.id);
      showToast(t('admin.webhooks.redelivered'), 'success');
    } catch (error) {
      tell(error);
    } finally {
      setRedelivering(null);
      refresh();
    }
  };

  if (hooks.isPending) return <PageLoading />;
  if (hooks.isError) return <FormMessage message={t('common.request_failed')} />;
  if (!item) return <ErrorPage code="404" />;

  const everyEvent = WEBHOOK_EVENTS.every((e) => item.events.includes(e));
  return (
    <div data-testid="admin-webhook-detail">
      <nav className="mb-3 small">
        <Link to="/admin/webhooks">{t('admin.webhooks.back')}</Link>
      </nav>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '16rem' }}>
          <h1 className="h3 mb-1 text-break">{item.description || t('admin.webhooks.detail_title')}</h1>
          <div className="font-monospace small text-break" data-testid="webhook-url">
            {item.url}
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void sendTest()} disabled={testing}>
            {t('admin.webhooks.send_test')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
            {t('admin.webhooks.edit')}
          </Button>
        </div>
      </div>
      <DisabledWarning item={item} onEdit={() => setEditing(true)} className="mb-3" />
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('admin.webhooks.state_label')}</dt>
        <dd className="col-sm-9">
          <WebhookStateBadges item={item} />
        </dd>
        <dt className="col-sm-3">{t('admin.webhooks.events_label')}</dt>
        <dd className="col-sm-9" data-testid="webhook-events">
          {everyEvent ? (
            t('admin.webhooks.every_event')
          ) : (
            <ul className="list-inline mb-0">
              {item.events.map((event) => (
                <li key={event} className="list-inline-item badge bg-body-tertiary text-body border fw-normal">
                  <EventLabel event={event} />
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="col-sm-3">{t('admin.webhooks.tags')}</dt>
        <dd className="col-sm-9 text-break">{item.tags.length ? item.tags.join(', ') : t('admin.webhooks.no_tags')}</dd>
        <dt className="col-sm-3">{t('admin.webhooks.allow_private')}</dt>
        <dd className="col-sm-9">{t(item.allow_private ? 'admin.webhooks.private_allowed' : 'admin.webhooks.private_refused')}</dd>
        <dt className="col-sm-3">{t('admin.webhooks.created')}</dt>
        <dd className="col-sm-9">
          <TimeAgo time={item.created_at} />
        </dd>
      </dl>
      <section className="mb-4" style={{ maxWidth: '40rem' }}>
        <WebhookSecret secret={item.secret} />
      </section>
      <section aria-labelledby="webhook-deliveries-title">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 id="webhook-deliveries-title" className="h5 mb-0">
            {t('admin.webhooks.deliveries_title')}
          </h2>
          <Button size="sm" variant="outline-secondary" onClick={refresh} disabled={deliveries.isFetching}>
            {t('admin.webhooks.refresh')}
          </Button>
        </div>
        <AdminListState
          data={deliveries.data}
          isError={deliveries.isError}
          empty={t('admin.webhooks.no_deliveries')}
          emptyTestId="webhook-deliveries-empty"
          paging={{ page, pageSize: DELIVERIES_PAGE_SIZE, hrefOf: (p) => webhookPath(id, p) }}
        >
          {(list) => <DeliveriesTable list={list} redelivering={redelivering} onRedeliver={(d) => void redeliver(d)} />}
        </AdminListState>
      </section>
      {editing && (
        <WebhookFormDialog
          item={item}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            showToast(t('admin.webhooks.saved'), 'success');
            refresh();
          }}
        />
      )}
    </div>
  );
}
