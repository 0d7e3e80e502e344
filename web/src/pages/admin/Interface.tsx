import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { getAdminLanguageOptions } from '../../api/admin-settings';
import { TimeZoneSelect } from '../../components/TimeZoneSelect';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

/** /admin/interface: the site's default language and time zone. */
export function Interface() {
  const { t } = useTranslation();
  const s = useSettingsForm('interface');
  const languages = useQuery({ queryKey: ['admin', 'language-options'], queryFn: ({ signal }) => getAdminLanguageOptions(signal) });
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.interface" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-interface">
      {form && (
        <>
          <Form.Group className="mb-3" controlId="field-language">
            <Form.Label>{t('admin.settings.interface.language')}</Form.Label>
            <Form.Select value={form.language} isInvalid={!!s.errors.language} onChange={(e) => s.set('language', e.target.value)}>
              {!(languages.data ?? []).some((l) => l.value === form.language) && <option value={form.language}>{form.language}</option>}
              {(languages.data ?? []).map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Form.Select>
            <Form.Text className="d-block">{t('admin.settings.interface.language_hint')}</Form.Text>
            <Form.Control.Feedback type="invalid">{s.errors.language}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="field-time_zone">
            <Form.Label>{t('admin.settings.interface.time_zone')}</Form.Label>
            <TimeZoneSelect value={form.time_zone} isInvalid={!!s.errors.time_zone} onChange={(zone) => s.set('time_zone', zone)} />
            <Form.Text className="d-block">{t('admin.settings.interface.time_zone_hint')}</Form.Text>
            <Form.Control.Feedback type="invalid">{s.errors.time_zone}</Form.Control.Feedback>
          </Form.Group>
        </>
      )}
    </SettingsPage>
  );
}
