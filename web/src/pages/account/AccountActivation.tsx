import Alert from 'react-bootstrap/Alert';
import { useTranslation } from '../../i18n/translator';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { activateAccount } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { ROUTES } from '../../app/paths';
import { PageLoading } from '../../components/PageLoading';
import { acceptLogin } from '../../state/user';
import { AccountPanel } from './AccountPanel';
import { useLinkAction } from './useLinkAction';

/**
 * /users/account-activation?code=: confirms the address and logs the user in. A used or expired
 * code makes the request client open the activation-failed page itself (403 url_expired).
 */
export function AccountActivation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useSearchParams()[0].get('code') ?? '';
  const state = useLinkAction(async () => {
    if (!code) return;
    acceptLogin(await activateAccount(code));
    navigate(ROUTES.activationSuccess, { replace: true });
  });

  if (!code) return <Navigate to={ROUTES.activationFailed} replace />;
  if (state.kind !== 'failed') return <PageLoading />;
  // The client has moved on to the failed page for an expired link; anything else is told here.
  const expired = isApiError(state.error) && state.error.status === 403;
  return expired ? (
    <PageLoading />
  ) : (
    <AccountPanel title={t('account.activation')}>
      <Alert variant="danger">{isApiError(state.error) && state.error.msg ? state.error.msg : t('common.request_failed')}</Alert>
    </AccountPanel>
  );
}
