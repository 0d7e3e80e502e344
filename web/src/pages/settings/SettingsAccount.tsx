import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { ChangeEmailForm } from '../../components/ChangeEmailForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { useUser } from '../../state/user';
import { ChangePassword } from './ChangePassword';
import { MyLogins } from './MyLogins';
import { SettingsApiKeys } from './SettingsApiKeys';
import { SettingsSection } from './SettingsSection';
import { useUserCenterView } from './user-center-settings';

/**
 * /users/settings/account: e-mail address, password, the external logins tied to the account, and
 * the member's API keys.
 * While a user centre replaces the site's accounts, the address and password are its: the page
 * says so and links to it instead of offering the forms.
 */
export function SettingsAccount() {
  const { t } = useTranslation();
  usePageTitle(t('settings.account'));
  const user = useUser();
  const [emailDirty, setEmailDirty] = useState(false);
  const [passwordDirty, setPasswordDirty] = useState(false);
  // A router heeds one leave-page prompt at a time: this page's, for both forms.
  useUnsavedChangesPrompt(emailDirty || passwordDirty);
  const uc = useUserCenterView();
  if (!user || uc.pending) return null;
  const hasPassword = user.have_password !== false;
  // A user centre that replaces the site's accounts keeps the address and password (the server
  // refuses changing them here); one beside them may still own this member's address.
  const emailOwned = uc.replacesAccounts || Boolean(uc.settings?.read_only_fields.includes('email'));
  const accountLink = uc.settings?.account_setting_agent.enabled ? uc.settings.account_setting_agent.redirect_url : '';
  const managedAt = accountLink && (
    <p>
      <a href={accountLink} data-testid="user-center-account-link">
        {t('settings.user_center.change_account', { name: uc.name })}
      </a>
    </p>
  );

  return (
    <>
      <SettingsSection title={t('settings.account_page.email')} testId="settings-email">
        <p>{t('account.change_email_page.current', { email: user.e_mail })}</p>
        {emailOwned ? (
          <p className="text-body-secondary" data-testid="user-center-email">
            {t(uc.replacesAccounts ? 'settings.user_center.account_managed' : 'settings.user_center.email_managed', { name: uc.name })}
          </p>
        ) : (
          <ChangeEmailForm needsPassword={hasPassword} onDirtyChange={setEmailDirty} />
        )}
        {emailOwned && managedAt}
      </SettingsSection>
      {!uc.replacesAccounts && (
        <SettingsSection title={t('settings.account_page.password')} testId="settings-password">
          <ChangePassword hasPassword={hasPassword} onDirtyChange={setPasswordDirty} />
        </SettingsSection>
      )}
      <SettingsSection title={t('settings.account_page.my_logins')} testId="settings-logins">
        <MyLogins />
      </SettingsSection>
      <SettingsApiKeys />
    </>
  );
}
