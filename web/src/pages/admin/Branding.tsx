import { BRANDING_FIELDS } from '@answer/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { BrandingImageField } from './BrandingImageField';
import { useSettingsForm } from './useSettingsForm';

/** /admin/branding: logo, mobile logo, square icon and favicon (group `branding`). */
export function Branding() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.branding'));
  const { form, set, errors, message, busy, submit, failed } = useSettingsForm('branding');
  if (!form) return failed ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />;

  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.branding')}</h1>
      <Form onSubmit={submit} noValidate data-testid="branding-form" style={{ maxWidth: 640 }}>
        {BRANDING_FIELDS.map((field) => (
          <BrandingImageField key={field} field={field} value={form[field]} error={errors[field]} onChange={(url) => set(field, url)} />
        ))}
        <FormMessage message={message} />
        <Button type="submit" disabled={busy}>
          {t('admin.settings.save')}
        </Button>
      </Form>
    </>
  );
}
