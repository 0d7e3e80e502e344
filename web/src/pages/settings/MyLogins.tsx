import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { isApiError } from '../../api/api-error';
import { connectorHref, getMyLogins, MY_LOGINS, type MyLogin, unbindLogin } from '../../api/connectors';
import { ConnectorIcon } from '../../components/ConnectorIcon';
import { deferred } from '../../components/deferred';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';

// The confirmation (with the modal's code) is downloaded when first asked for.
const ConfirmDialog = deferred(() => import('../../components/ConfirmDialog').then((m) => m.ConfirmDialog));

/** Where "Connect" brings the member back to. */
const HERE = '/users/settings/account';

/**
 * Settings → Account → My logins: every sign-in service the site has enabled, and whether the
 * member's account is connected to it. A connected one can be removed, unless it is the account's
 * last way to sign in (the server refuses; its message is shown).
 */
export function MyLogins() {
  const { t } = useTranslation();
  const logins = useQuery({ queryKey: MY_LOGINS, queryFn: ({ signal }) => getMyLogins(signal) });
  const [removing, setRemoving] = useState<MyLogin | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const remove = async (login: MyLogin) => {
    setBusy(true);
    setMessage('');
    try {
      await unbindLogin(login.external_id);
      showToast(t('settings.account_page.login_removed', { name: login.name }), 'success');
      await logins.refetch();
    } catch (error) {
      setMessage(isApiError(error) && error.msg ? error.msg : t('common.request_failed'));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  if (logins.isPending) return <PageLoading />;
  if (logins.isError) return <FormMessage message={t('common.request_failed')} />;
  if (!logins.data.length) {
    return <p className="text-body-secondary border rounded py-4 text-center" data-testid="no-connectors">{t('settings.account_page.no_connectors')}</p>;
  }
  return (
    <>
      <FormMessage message={message} />
      <ul className="list-group" data-testid="my-logins">
        {logins.data.map((login) => (
          <li key={login.link} className="list-group-item d-flex align-items-center gap-3" data-testid="my-login">
            <ConnectorIcon icon={login.icon} size={24} />
            <div className="flex-grow-1">
              <div>{login.name}</div>
              <div className={`small ${login.binding ? 'text-success' : 'text-body-secondary'}`}>
                {t(login.binding ? 'settings.account_page.connected' : 'settings.account_page.not_connected')}
              </div>
            </div>
            {login.binding ? (
              <Button size="sm" variant="outline-danger" onClick={() => setRemoving(login)} aria-label={t('settings.account_page.remove_login', { name: login.name })}>
                {t('settings.account_page.remove')}
              </Button>
            ) : (
              // `bind=1`: the server adds the identity the person proves at the provider to this
              // account (the visit cookie names it) and comes back here, instead of signing in.
              <a className="btn btn-sm btn-outline-primary" href={connectorHref(`${login.link}?bind=1`, HERE)} aria-label={t('settings.account_page.connect_login', { name: login.name })}>
                {t('settings.account_page.connect')}
              </a>
            )}
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          message={t('settings.account_page.remove_confirm', { name: removing.name })}
          confirmLabel={t('settings.account_page.remove')}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </>
  );
}
