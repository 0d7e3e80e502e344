import { type BaseInfo, baseInfoSchema } from '@answer/contract';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { fieldErrorsOf, isApiError } from '../../api/api-error';
import { installBaseInfo } from '../../api/install';
import { TextField } from '../../components/TextField';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { type FieldErrors, zodFieldErrors } from '../../utils/form-errors';

type SiteForm = Omit<BaseInfo, 'lang'>;
type TextKey = Exclude<keyof SiteForm, 'login_required'>;

const initialForm = (): SiteForm => ({
  site_name: '',
  site_url: window.location.origin,
  contact_email: '',
  login_required: false,
  name: '',
  password: '',
  email: '',
});

/** Step 4: the site and its first administrator (POST base-info). */
export function SiteStep({ lang, onBack, onDone }: { lang: string; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initialForm);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  useUnsavedChangesPrompt(dirty);

  const change = <K extends keyof SiteForm>(field: K, value: SiteForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setDirty(true);
  };
  const text = (field: TextKey) => ({
    name: field,
    value: form[field],
    onChange: (v: string) => change(field, v),
    error: errors[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const parsed = baseInfoSchema.safeParse({ ...form, lang });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, (key) => t(key)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await installBaseInfo(parsed.data);
      setDirty(false);
      onDone();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      // Errors on fields this form does not show (the language) go in the summary.
      const elsewhere = Object.entries(fields).find(([field]) => !(field in form));
      if (elsewhere) setFailure(elsewhere[1]);
      else if (!Object.keys(fields).length) setFailure(isApiError(e) ? e.msg : t('install.site.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate data-testid="install-step-4">
      <h2 className="h5 mb-3">{t('install.site.title')}</h2>
      <fieldset className="mb-2">
        <legend className="h6">{t('install.site.site_section')}</legend>
        <TextField {...text('site_name')} label={t('install.site.site_name')} maxLength={30} />
        <TextField {...text('site_url')} type="url" label={t('install.site.site_url')} help={t('install.site.site_url_help')} />
        <TextField {...text('contact_email')} type="email" label={t('install.site.contact_email')} help={t('install.site.contact_email_help')} />
        <Form.Check
          className="mb-3"
          id="field-login_required"
          name="login_required"
          label={t('install.site.login_required')}
          checked={form.login_required}
          onChange={(e) => change('login_required', e.target.checked)}
        />
      </fieldset>
      <fieldset className="mb-2">
        <legend className="h6">{t('install.site.admin_section')}</legend>
        <TextField {...text('name')} label={t('install.site.admin_name')} help={t('install.site.admin_name_help')} autoComplete="username" />
        <TextField {...text('password')} type="password" label={t('install.site.admin_password')} help={t('install.site.admin_password_help')} autoComplete="new-password" />
        <TextField {...text('email')} type="email" label={t('install.site.admin_email')} autoComplete="email" />
      </fieldset>
      {failure && (
        <Alert variant="danger" data-testid="install-error">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" onClick={onBack} disabled={busy}>
          {t('install.back')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('install.site.submit')}
        </Button>
      </div>
    </Form>
  );
}
