import { useTranslation } from 'react-i18next';
import type { SiteGroupValues } from '../../api/admin-settings';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch, SettingsTextArea } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

type SecurityForm = Omit<SiteGroupValues<'security'>, 'limits'> & { limits: string };

/** The abuse limits are edited as JSON; text that does not parse is sent as is, and the schema's check names the field. */
const securityConvert = {
  toForm: (values: SiteGroupValues<'security'>): SecurityForm => ({
    ...values,
    limits: Object.keys(values.limits ?? {}).length ? JSON.stringify(values.limits, null, 2) : '',
  }),
  fromForm: (form: SecurityForm) => {
    let limits: unknown = {};
    if (form.limits.trim()) {
      try {
        limits = JSON.parse(form.limits);
      } catch {
        limits = form.limits;
      }
    }
    return { ...form, limits };
  },
};

/** /admin/security: password length, how long a sign-in lasts, the captcha and the abuse limits. */
export function Security() {
  const { t } = useTranslation();
  const s = useSettingsForm('security', securityConvert);
  const form = s.form;
  const number = (name: 'password_min_length' | 'session_lifetime_days') => ({
    name,
    type: 'number',
    inputMode: 'numeric' as const,
    label: t(`admin.settings.security.${name}`),
    help: t(`admin.settings.security.${name}_hint`),
    value: String(form?.[name] ?? ''),
    onChange: (value: string) => s.set(name, value as unknown as number),
    error: s.errors[name],
  });
  return (
    <SettingsPage titleKey="admin.menu.security" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-security">
      {form && (
        <>
          <TextField {...number('password_min_length')} />
          <TextField {...number('session_lifetime_days')} />
          <SettingsSwitch
            name="captcha_enabled"
            label={t('admin.settings.security.captcha_enabled')}
            help={t('admin.settings.security.captcha_enabled_hint')}
            checked={form.captcha_enabled}
            onChange={(on) => s.set('captcha_enabled', on)}
            error={s.errors.captcha_enabled}
          />
          <SettingsTextArea
            name="limits"
            rows={8}
            className="font-monospace"
            label={t('admin.settings.security.limits')}
            help={t('admin.settings.security.limits_hint')}
            value={form.limits}
            onChange={(value) => s.set('limits', value)}
            error={s.errors.limits}
          />
        </>
      )}
    </SettingsPage>
  );
}
