import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSettingsForm } from './useSettingsForm';

const FIELDS = ['custom_css', 'custom_head', 'custom_header', 'custom_footer', 'custom_sidebar'] as const;

/** /admin/css-html: the site's own CSS and HTML (group custom-css-html), applied on every page. */
export function CssHtml() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.css_html'));
  const { form, set, errors, message, busy, submit, failed } = useSettingsForm('custom-css-html');
  if (!form) return failed ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;

  return (
    <>
      <h1 className="h3 mb-2">{t('admin.menu.css_html')}</h1>
      <Alert variant="warning" className="small" data-testid="css-html-warning">
        {t('admin.css_html.unsanitised')}
      </Alert>
      <Form onSubmit={submit} noValidate data-testid="css-html-form" style={{ maxWidth: 800 }}>
        {FIELDS.map((field) => (
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
        <FormMessage message={message} />
        <Button type="submit" disabled={busy}>
          {t('admin.settings.save')}
        </Button>
      </Form>
    </>
  );
}
