import { useTranslation } from '../../i18n/translator';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

type TextName = 'name' | 'short_description' | 'site_url' | 'contact_email';

/** /admin/general: the site's name, descriptions, address and contact (domain.md 13.1). */
export function General() {
  const { t } = useTranslation();
  const s = useSettingsForm('general');
  const form = s.form;
  const text = (name: TextName | 'description') => ({
    name,
    label: t(`admin.settings.general.${name}`),
    help: t(`admin.settings.general.${name}_hint`),
    value: form?.[name] ?? '',
    onChange: (value: string) => s.set(name, value),
    error: s.errors[name],
  });
  return (
    <SettingsPage titleKey="admin.menu.general" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-general">
      {form && (
        <>
          <TextField {...text('name')} />
          <TextField {...text('short_description')} />
          <TextField {...text('description')} rows={3} />
          <TextField {...text('site_url')} type="url" />
          <TextField {...text('contact_email')} type="email" />
          <SettingsSwitch
            name="check_update"
            label={t('admin.settings.general.check_update')}
            help={t('admin.settings.general.check_update_hint')}
            checked={form.check_update}
            onChange={(on) => s.set('check_update', on)}
            error={s.errors.check_update}
          />
        </>
      )}
    </SettingsPage>
  );
}
