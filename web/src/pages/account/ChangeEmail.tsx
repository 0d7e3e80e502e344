import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { deriveLoginState } from '../../app/login-state';
import { ROUTES } from '../../app/paths';
import { rememberRedirect } from '../../app/redirect';
import { ChangeEmailForm } from '../../components/ChangeEmailForm';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { useUser } from '../../state/user';
import { AccountPanel } from './AccountPanel';

/**
 * /users/change-email: mostly for users whose activation mail went to a wrong or dead address; the
 * confirmation link sent to the new one activates the account.
 */
export function ChangeEmail() {
  const { t } = useTranslation();
  const user = useUser();
  const login = deriveLoginState(user);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);
  return (
    <AccountPanel title={t('account.change_email')} testId="change-email-page">
      {user && login.isLoggedIn ? (
        <>
          <p>{t('account.change_email_page.current', { email: user.e_mail })}</p>
          <ChangeEmailForm needsPassword={login.isActivated && user.have_password !== false} onDirtyChange={setDirty} />
        </>
      ) : (
        <p>
          {t('account.change_email_page.login_first')}{' '}
          <Link to={ROUTES.login} onClick={() => rememberRedirect(ROUTES.changeEmail)}>
            {t('account.login')}
          </Link>
        </p>
      )}
    </AccountPanel>
  );
}
