import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { isApiError } from '../../api/api-error';
import type { ApiKeyItem, ApiKeyRing } from '../../api/api-keys';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { siteMinute } from '../../utils/time-zone';
import { deferred } from '../deferred';
import { FormMessage } from '../FormMessage';
import { PageLoading } from '../PageLoading';
import { TimeAgo } from '../TimeAgo';
import { isExpired, nowSeconds } from './api-key-format';

// The dialogs (with the modal's code) are downloaded when first opened.
const dialogs = () => import('./ApiKeyDialogs');
const CreateApiKeyDialog = deferred(() => dialogs().then((m) => m.CreateApiKeyDialog));
const ApiKeySecretDialog = deferred(() => dialogs().then((m) => m.ApiKeySecretDialog));
const RenameApiKeyDialog = deferred(() => dialogs().then((m) => m.RenameApiKeyDialog));
const ConfirmDialog = deferred(() => import('../ConfirmDialog').then((m) => m.ConfirmDialog));

interface Props {
  ring: ApiKeyRing;
  /** The heading beside the "Create API key" button. */
  heading: ReactNode;
  /** What the empty list says a key is for (before the header that carries it). */
  emptyHelp: string;
}

/**
 * A list of API keys with creating (the secret then shown once), renaming and revoking: the
 * member's own keys (settings, stacked rows) or the site keys (admin console, a table with the
 * owner of each key). Both fit a phone: the rows wrap, the table scrolls inside itself.
 */
export function ApiKeyManager({ ring, heading, emptyHelp }: Props) {
  const { t } = useTranslation();
  const keys = useQuery({ queryKey: ring.queryKey, queryFn: ({ signal }) => ring.list(signal) });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState('');
  const [renaming, setRenaming] = useState<ApiKeyItem | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => void keys.refetch();
  /** A refusal the request client does not show itself (400 without fields, 404: the key is gone). */
  const tell = (error: unknown) => {
    if (isApiError(error) && (error.status === 400 || error.status === 404)) showToast(error.msg || t('common.request_failed'));
  };

  const revoke = async (item: ApiKeyItem) => {
    setBusy(true);
    try {
      await ring.revoke(item.id);
      showToast(t('settings.api_keys.revoked', { name: item.description }), 'success');
    } catch (error) {
      tell(error);
    } finally {
      setBusy(false);
      setRevoking(null);
      refresh();
    }
  };

  const actions = (item: ApiKeyItem) => (
    <div className="d-flex gap-2 flex-shrink-0">
      <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(item)} aria-label={t('settings.api_keys.rename_key', { name: item.description })}>
        {t('settings.api_keys.rename')}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={() => setRevoking(item)} aria-label={t('settings.api_keys.revoke_key', { name: item.description })}>
        {t('settings.api_keys.revoke')}
      </Button>
    </div>
  );

  let list: ReactNode;
  if (keys.isPending) list = <PageLoading />;
  else if (keys.isError) list = <FormMessage message={t('common.request_failed')} />;
  else if (!keys.data.length) {
    list = (
      <div className="text-center text-body-secondary border rounded py-4 px-3" data-testid="api-keys-empty">
        <p className="fw-semibold mb-2">{t('settings.api_keys.empty')}</p>
        <p className="small mb-2">{emptyHelp}</p>
        <code className="small">{t('settings.api_keys.header_example')}</code>
      </div>
    );
  } else if (ring.site) list = <SiteKeyTable keys={keys.data} actions={actions} />;
  else list = <MemberKeyList keys={keys.data} actions={actions} />;

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        {heading}
        <Button size="sm" onClick={() => setCreating(true)}>
          {t('settings.api_keys.create')}
        </Button>
      </div>
      {list}
      {keys.data && keys.data.length > 0 && (
        <p className="small text-body-secondary mt-2 mb-0">
          {t('settings.api_keys.usage')} <code>{t('settings.api_keys.header_example')}</code>
        </p>
      )}
      {creating && (
        <CreateApiKeyDialog
          ring={ring}
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
            refresh();
          }}
        />
      )}
      {/* Once closed, the secret is forgotten: the page never shows it again. */}
      {secret && <ApiKeySecretDialog secret={secret} onDone={() => setSecret('')} />}
      {renaming && (
        <RenameApiKeyDialog
          ring={ring}
          item={renaming}
          onCancel={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            showToast(t('settings.api_keys.renamed'), 'success');
            refresh();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          message={t('settings.api_keys.revoke_confirm', { name: revoking.description })}
          confirmLabel={t('settings.api_keys.revoke')}
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </>
  );
}

type Actions = (item: ApiKeyItem) => ReactNode;

/** The member's keys: one stacked row each, which wraps on a phone. */
function MemberKeyList({ keys, actions }: { keys: ApiKeyItem[]; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <ul className="list-group" data-testid="api-keys">
      {keys.map((item) => (
        <li key={item.id} className="list-group-item" data-testid="api-key" data-id={item.id}>
          <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
            {/* The buttons stay beside the name unless the row is too narrow for both (a phone). */}
            <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '14rem' }}>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="fw-semibold text-break">{item.description}</span>
                <ScopeBadge item={item} />
              </div>
              <code className="small text-break" data-testid="api-key-access-key">
                {item.access_key}
              </code>
            </div>
            {actions(item)}
          </div>
          <dl className="small text-body-secondary mb-0 mt-2 d-flex flex-wrap column-gap-3 row-gap-1">
            <div>
              <dt className="d-inline fw-normal">{t('settings.api_keys.created')}:</dt> <dd className="d-inline m-0"><TimeAgo time={item.created_at} /></dd>
            </div>
            <div>
              <dt className="d-inline fw-normal">{t('settings.api_keys.last_used')}:</dt> <dd className="d-inline m-0"><LastUsed item={item} /></dd>
            </div>
            <div>
              <dt className="d-inline fw-normal">{t('settings.api_keys.expires')}:</dt> <dd className="d-inline m-0"><Expiry item={item} /></dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The site keys: a table (as the other admin lists), scrolling inside itself on a narrow screen. */
function SiteKeyTable({ keys, actions }: { keys: ApiKeyItem[]; actions: Actions }) {
  const { t } = useTranslation();
  return (
    // Bootstrap's .table-responsive, positioned: the hidden header text (absolutely placed) then
    // stays inside the scrolling box instead of widening the page on a phone.
    <div className="table-responsive position-relative">
      <Table className="align-middle" data-testid="api-keys">
        <thead>
          <tr>
            <th>{t('settings.api_keys.name')}</th>
            <th>{t('admin.api_keys.owner')}</th>
            <th>{t('settings.api_keys.scope')}</th>
            <th>{t('settings.api_keys.created')}</th>
            <th>{t('settings.api_keys.last_used')}</th>
            <th>{t('settings.api_keys.expires')}</th>
            <th>
              <span className="visually-hidden">{t('settings.api_keys.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((item) => (
            <tr key={item.id} data-testid="api-key" data-id={item.id}>
              <td style={{ minWidth: '10rem' }}>
                <div className="fw-semibold text-break">{item.description}</div>
                <code className="small text-nowrap" data-testid="api-key-access-key">
                  {item.access_key}
                </code>
              </td>
              <td>
                {item.owner ? (
                  <>
                    <div>{item.owner.display_name}</div>
                    <div className="small text-body-secondary">@{item.owner.username}</div>
                  </>
                ) : null}
              </td>
              <td>
                <ScopeBadge item={item} />
              </td>
              <td className="text-nowrap small">
                <TimeAgo time={item.created_at} />
              </td>
              <td className="small">
                <LastUsed item={item} />
              </td>
              <td className="text-nowrap small">
                <Expiry item={item} />
              </td>
              <td className="text-end">{actions(item)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

const SCOPE_BADGE = { read: 'text-bg-secondary', write: 'text-bg-primary', admin: 'text-bg-danger' } as const;

function ScopeBadge({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  return <span className={`badge ${SCOPE_BADGE[item.scope] ?? 'text-bg-secondary'}`}>{t(`settings.api_keys.scopes.${item.scope}`)}</span>;
}

/** "3 hours ago from 203.0.113.7", or "Never". */
function LastUsed({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  if (!item.last_used_at) return <>{t('settings.api_keys.never_used')}</>;
  return (
    <>
      <TimeAgo time={item.last_used_at} className="text-nowrap" />
      {item.last_used_ip && <span className="text-break"> {t('settings.api_keys.from_ip', { ip: item.last_used_ip })}</span>}
    </>
  );
}

/** The moment a key stops working (site time zone), "Expired" once past, or "Never". */
function Expiry({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  if (!item.expires_at) return <>{t('settings.api_keys.never_expires')}</>;
  const at = siteMinute(item.expires_at);
  return isExpired(item.expires_at, nowSeconds()) ? (
    <span className="badge text-bg-warning" title={at}>
      {t('settings.api_keys.expired')}
    </span>
  ) : (
    <time dateTime={new Date(item.expires_at * 1000).toISOString()}>{at}</time>
  );
}
