import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { getAdminLanguageOptions } from '../../api/admin-settings';
import { TextField } from '../../components/TextField';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

/** Every IANA zone the browser knows; older browsers lack the list, and the page then takes a typed name. */
const TIME_ZONES: string[] = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

/** /admin/interface: the site's default language and time zone. */
export function Interface() {
  const { t } = useTranslation();
  const s = useSettingsForm('interface');
  const languages = useQuery({ queryKey: ['admin', 'language-options'], queryFn: ({ signal }) => getAdminLanguageOptions(signal) });
  const form = s.form;
  // A stored zone the list lacks (UTC on some browsers) stays choosable.
  const zones = form && !TIME_ZONES.includes(form.time_zone) ? [form.time_zone, ...TIME_ZONES] : TIME_ZONES;
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
          {TIME_ZONES.length > 0 ? (
            <Form.Group className="mb-3" controlId="field-time_zone">
              <Form.Label>{t('admin.settings.interface.time_zone')}</Form.Label>
              <Form.Select value={form.time_zone} isInvalid={!!s.errors.time_zone} onChange={(e) => s.set('time_zone', e.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Form.Select>
              <Form.Text className="d-block">{t('admin.settings.interface.time_zone_hint')}</Form.Text>
              <Form.Control.Feedback type="invalid">{s.errors.time_zone}</Form.Control.Feedback>
            </Form.Group>
          ) : (
            <TextField
              name="time_zone"
              label={t('admin.settings.interface.time_zone')}
              help={t('admin.settings.interface.time_zone_hint')}
              value={form.time_zone}
              onChange={(value) => s.set('time_zone', value)}
              error={s.errors.time_zone}
            />
          )}
        </>
      )}
    </SettingsPage>
  );
}
