import { useTranslation } from '../../i18n/translator';
import type { SiteGroupValues } from '../../api/admin-settings';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { AdminExternalLogin } from './AdminExternalLogin';
import { useSettingsForm } from './useSettingsForm';

const SWITCHES = ['allow_new_registrations', 'allow_email_registrations', 'allow_password_login', 'login_required'] as const;

type LoginForm = Omit<SiteGroupValues<'login'>, 'allow_email_domains'> & { allow_email_domains: string };

/** The allowed domains are edited one per line; blank lines are dropped. */
export const loginConvert = {
  toForm: (values: SiteGroupValues<'login'>): LoginForm => ({ ...values, allow_email_domains: values.allow_email_domains.join('\n') }),
  fromForm: (form: LoginForm) => ({
    ...form,
    allow_email_domains: form.allow_email_domains
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  }),
};

/** /admin/login: who may register and how people sign in. */
export function AdminLogin() {
  const { t } = useTranslation();
  const s = useSettingsForm('login', loginConvert);
  const form = s.form;
  return (
    <>
      <SettingsPage titleKey="admin.menu.login" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-login">
        {form && (
          <>
            {SWITCHES.map((name) => (
              <SettingsSwitch
                key={name}
                name={name}
                label={t(`admin.settings.login.${name}`)}
                help={t(`admin.settings.login.${name}_hint`)}
                checked={form[name]}
                onChange={(on) => s.set(name, on)}
                error={s.errors[name]}
              />
            ))}
            <TextField
              name="allow_email_domains"
              rows={4}
              label={t('admin.settings.login.allow_email_domains')}
              help={t('admin.settings.login.allow_email_domains_hint')}
              value={form.allow_email_domains}
              onChange={(value) => s.set('allow_email_domains', value)}
              error={s.errors.allow_email_domains}
            />
          </>
        )}
      </SettingsPage>
      {form && <AdminExternalLogin />}
    </>
  );
}
