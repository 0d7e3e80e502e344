import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { ChangeEmailForm } from '../../components/ChangeEmailForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { useUser } from '../../state/user';
import { ChangePassword } from './ChangePassword';
import { MyLogins } from './MyLogins';
import { SettingsSection } from './SettingsSection';

/** /users/settings/account: e-mail address, password, and the external logins tied to the account. */
export function SettingsAccount() {
  const { t } = useTranslation();
  usePageTitle(t('settings.account'));
  const user = useUser();
  const [emailDirty, setEmailDirty] = useState(false);
  const [passwordDirty, setPasswordDirty] = useState(false);
  // A router heeds one leave-page prompt at a time: this page's, for both forms.
  useUnsavedChangesPrompt(emailDirty || passwordDirty);
  if (!user) return null;
  const hasPassword = user.have_password !== false;

  return (
    <>
      <SettingsSection title={t('settings.account_page.email')} testId="settings-email">
        <p>{t('account.change_email_page.current', { email: user.e_mail })}</p>
        <ChangeEmailForm needsPassword={hasPassword} onDirtyChange={setEmailDirty} />
      </SettingsSection>
      <SettingsSection title={t('settings.account_page.password')} testId="settings-password">
        <ChangePassword hasPassword={hasPassword} onDirtyChange={setPasswordDirty} />
      </SettingsSection>
      <SettingsSection title={t('settings.account_page.my_logins')} testId="settings-logins">
        <MyLogins />
      </SettingsSection>
    </>
  );
}
