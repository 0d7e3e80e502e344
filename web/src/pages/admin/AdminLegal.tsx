import { useTranslation } from '../../i18n/translator';
import { MarkdownField } from '../../components/editor/MarkdownField';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

const DOCUMENTS = ['terms_of_service', 'privacy_policy'] as const;

/**
 * /admin/legal: the terms of service and privacy policy in Markdown, with the editor's live preview.
 * Only the sources are sent: the server renders and sanitises the HTML it shows on /tos and /privacy.
 */
export function AdminLegal() {
  const { t } = useTranslation();
  const s = useSettingsForm('legal');
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.legal" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-legal">
      {form &&
        DOCUMENTS.map((doc) => {
          const name = `${doc}_original_text` as const;
          return (
            <MarkdownField
              key={doc}
              id={`field-${name}`}
              label={t(`admin.settings.legal.${doc}`)}
              value={form[name]}
              onChange={(value) => s.set(name, value)}
              error={s.errors[name]}
              testId={`legal-${doc}`}
            />
          );
        })}
    </SettingsPage>
  );
}
