import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

const FIELDS = ['custom_css', 'custom_head', 'custom_header', 'custom_footer', 'custom_sidebar'] as const;

/** /admin/css-html: the site's own CSS and HTML (group custom-css-html), applied on every page. */
export function CssHtml() {
  const { t } = useTranslation();
  const { form, set, errors, message, busy, submit, failed } = useSettingsForm('custom-css-html');
  return (
    <SettingsPage titleKey="admin.menu.css_html" ready={!!form} failed={failed} busy={busy} message={message} onSubmit={submit} testId="css-html-form" maxWidth={800}>
      <Alert variant="warning" className="small" data-testid="css-html-warning">
        {t('admin.css_html.unsanitised')}
      </Alert>
      {form &&
        FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`css-html-${field}`} key={field}>
            <Form.Label>{t(`admin.css_html.${field}`)}</Form.Label>
            <Form.Control
              as="textarea"
              rows={field === 'custom_css' ? 8 : 4}
              className="font-monospace small"
              spellCheck={false}
              value={form[field]}
              isInvalid={!!errors[field]}
              onChange={(e) => set(field, e.target.value)}
            />
            <Form.Text className="text-secondary">{t(`admin.css_html.${field}_hint`)}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
          </Form.Group>
        ))}
    </SettingsPage>
  );
}
