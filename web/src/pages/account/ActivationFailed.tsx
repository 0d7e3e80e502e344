import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useUser } from '../../state/user';
import { MessagePage } from './MessagePage';
import { ResendActivation } from './ResendActivation';

/** /users/account-activation/failed: the link was used or expired; a logged-in user can have a new one. */
export function ActivationFailed() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <MessagePage titleKey="account.activation_failed_title" messageKey="account.activation_failed">
      {user ? (
        <ResendActivation />
      ) : (
        <p>
          <Link to={ROUTES.login}>{t('account.activation_failed_login')}</Link>
        </p>
      )}
    </MessagePage>
  );
}
