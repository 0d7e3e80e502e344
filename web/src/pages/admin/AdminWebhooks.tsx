import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { deleteWebhook, getWebhooks, WEBHOOKS, type WebhookItem } from '../../api/webhooks';
import { deferred } from '../../components/deferred';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { webhookPath } from './webhooks/webhook-form';
import { DisabledWarning, useTellError, WebhookStateBadges } from './webhooks/WebhookParts';

// The dialogs (with the modal's code) are downloaded when first opened.
const dialogs = () => import('./webhooks/WebhookDialogs');
const WebhookFormDialog = deferred(() => dialogs().then((m) => m.WebhookFormDialog));
const WebhookCreatedDialog = deferred(() => dialogs().then((m) => m.WebhookCreatedDialog));
const ConfirmDialog = deferred(() => import('../../components/ConfirmDialog').then((m) => m.ConfirmDialog));

/**
 * /admin/webhooks: the addresses told about what happens on the site (a signed JSON POST per
 * event), with adding (the secret then shown), editing and deleting. A webhook the site switched
 * off after failing deliveries says why and how to switch it on again.
 */
export function AdminWebhooks() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.webhooks'));
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: WEBHOOKS, queryFn: ({ signal }) => getWebhooks(signal) });
  const [editing, setEditing] = useState<WebhookItem | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookItem | null>(null);
  const [deleting, setDeleting] = useState<WebhookItem | null>(null);
  const [busy, setBusy] = useState(false);
  const tell = useTellError();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS });

  const remove = async (item: WebhookItem) => {
    setBusy(true);
    try {
      await deleteWebhook(item.id);
      showToast(t('admin.webhooks.deleted'), 'success');
    } catch (error) {
      tell(error);
    } finally {
      setBusy(false);
      setDeleting(null);
      refresh();
    }
  };

  let list;
  if (hooks.isPending) list = <PageLoading />;
  else if (hooks.isError) list = <FormMessage message={t('common.request_failed')} />;
  else if (!hooks.data.length)
    list = (
      <div className="text-center text-body-secondary border rounded py-4 px-3" data-testid="webhooks-empty">
        <p className="fw-semibold mb-2">{t('admin.webhooks.empty')}</p>
        <p className="small mb-0">{t('admin.webhooks.intro')}</p>
      </div>
    );
  else
    list = (
      // Positioned: the hidden header text (absolutely placed) stays inside the scrolling box on a phone.
      <div className="table-responsive position-relative">
        <Table className="align-middle" data-testid="webhooks">
          <thead>
            <tr>
              <th>{t('admin.webhooks.url')}</th>
              <th>{t('admin.webhooks.events_label')}</th>
              <th>{t('admin.webhooks.state_label')}</th>
              <th>
                <span className="visually-hidden">{t('admin.webhooks.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {hooks.data.map((item) => (
              <tr key={item.id} data-testid="webhook" data-id={item.id}>
                <td style={{ minWidth: '14rem' }}>
                  <Link to={webhookPath(item.id)} className="font-monospace small text-break" data-testid="webhook-url">
                    {item.url}
                  </Link>
                  {item.description && <div className="text-break">{item.description}</div>}
                  <DisabledWarning item={item} onEdit={() => setEditing(item)} className="mt-2" />
                </td>
                <td className="small">
                  <div className="text-nowrap" data-testid="webhook-events-count">
                    {t('admin.webhooks.events_count', { count: item.events.length })}
                  </div>
                  {item.tags.length > 0 && <div className="text-body-secondary text-break">{t('admin.webhooks.tags_list', { tags: item.tags.join(', ') })}</div>}
                </td>
                <td>
                  <WebhookStateBadges item={item} />
                </td>
                <td className="text-end">
                  <div className="d-flex gap-2 justify-content-end">
                    <Link to={webhookPath(item.id)} className="btn btn-sm btn-outline-secondary text-nowrap">
                      {t('admin.webhooks.deliveries')}
                    </Link>
                    <Button size="sm" variant="outline-secondary" onClick={() => setEditing(item)} aria-label={t('admin.webhooks.edit_one', { url: item.url })}>
                      {t('admin.webhooks.edit')}
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setDeleting(item)} aria-label={t('admin.webhooks.delete_one', { url: item.url })}>
                      {t('admin.webhooks.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );

  return (
    <div data-testid="admin-webhooks">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{t('admin.menu.webhooks')}</h1>
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('admin.webhooks.add')}
        </Button>
      </div>
      {hooks.data && hooks.data.length > 0 && <p className="small text-body-secondary">{t('admin.webhooks.intro')}</p>}
      {list}
      {editing && (
        <WebhookFormDialog
          item={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(item) => {
            setEditing(null);
            if (item) setCreated(item);
            else showToast(t('admin.webhooks.saved'), 'success');
            refresh();
          }}
        />
      )}
      {created && <WebhookCreatedDialog item={created} onDone={() => setCreated(null)} />}
      {deleting && (
        <ConfirmDialog
          message={t('admin.webhooks.delete_confirm', { url: deleting.url })}
          confirmLabel={t('admin.webhooks.delete')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </div>
  );
}
