import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/translator';
import type { SiteGroupValues } from '../../api/admin-settings';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

type SecurityForm = Omit<SiteGroupValues<'security'>, 'limits'> & { limits: string };

/** The limits as edited (JSON, empty for none), or undefined when the text is not JSON. */
const parseLimits = (text: string): unknown => {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The abuse limits are edited as JSON; the page refuses text that does not parse before saving. */
const securityConvert = {
  toForm: (values: SiteGroupValues<'security'>): SecurityForm => ({
    ...values,
    limits: Object.keys(values.limits ?? {}).length ? JSON.stringify(values.limits, null, 2) : '',
  }),
  fromForm: (form: SecurityForm) => ({ ...form, limits: parseLimits(form.limits) }),
};

/** /admin/security: password length, how long a sign-in lasts, the captcha and the abuse limits. */
export function Security() {
  const { t } = useTranslation();
  const s = useSettingsForm('security', securityConvert);
  const form = s.form;
  const limitsError = form && parseLimits(form.limits) === undefined ? t('admin.settings.security.limits_not_json') : '';
  const submit = (event: FormEvent) => {
    if (!limitsError) return s.submit(event);
    event.preventDefault();
  };
  const number = (name: 'password_min_length' | 'session_lifetime_days') => ({
    name,
    type: 'number',
    inputMode: 'numeric' as const,
    label: t(`admin.settings.security.${name}`),
    help: t(`admin.settings.security.${name}_hint`),
    value: String(form?.[name] ?? ''),
    // Kept as typed: the contract schema coerces and checks the number on save.
    onChange: (value: string) => s.set(name, value as unknown as number),
    error: s.errors[name],
  });
  return (
    <SettingsPage titleKey="admin.menu.security" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={submit} testId="settings-security">
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
          <TextField
            name="limits"
            rows={8}
            className="font-monospace"
            label={t('admin.settings.security.limits')}
            help={t('admin.settings.security.limits_hint')}
            value={form.limits}
            onChange={(value) => s.set('limits', value)}
            error={limitsError || s.errors.limits}
          />
        </>
      )}
    </SettingsPage>
  );
}
