import { smtpSettingsSchema } from '@answer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { type SmtpSettings, getSmtpSettings, saveSmtpSettings } from '../../api/admin-settings';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { TextField } from '../../components/TextField';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { type FieldErrors, checkForm, serverFormErrors } from '../../utils/form-errors';

const QUERY_KEY = ['admin', 'smtp'];
const TEXT_FIELDS = ['from_email', 'from_name', 'smtp_host', 'smtp_port'] as const;
const ENCRYPTIONS = ['', 'SSL', 'TLS'] as const;

/** The form keeps the port as typed; the contract schema coerces and checks it. */
type SmtpForm = Omit<SmtpSettings, 'smtp_port'> & { smtp_port: string };

/**
 * /admin/smtp: the mail server (domain.md 13.4). The password arrives masked and is kept when sent
 * back unchanged. "Send test mail" saves the settings and mails the address given, showing the
 * mail server's refusal when it fails.
 */
export function Smtp() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.smtp'));
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => getSmtpSettings(signal) });
  const [form, setForm] = useState<SmtpForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);

  useEffect(() => {
    if (loaded.data && !form) setForm({ ...loaded.data, smtp_port: String(loaded.data.smtp_port), test_email_recipient: '' });
  }, [loaded.data, form]);

  if (!form) {
    return (
      <>
        <h1 className="h3 mb-4">{t('admin.menu.smtp')}</h1>
        {loaded.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />}
      </>
    );
  }

  const set = <K extends keyof SmtpForm>(name: K, value: SmtpForm[K]) => {
    setForm({ ...form, [name]: value });
    setErrors({ ...errors, [name]: '' });
    if (name !== 'test_email_recipient') setDirty(true);
  };

  /** Saves; with `test` also sends the test mail (the recipient is then required). */
  const send = async (test: boolean) => {
    setMessage('');
    const body = { ...form, test_email_recipient: test ? form.test_email_recipient.trim() : '' };
    if (test && !body.test_email_recipient) {
      setErrors({ test_email_recipient: t('error.common.required') });
      return;
    }
    const checked = checkForm(smtpSettingsSchema, body, t);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await saveSmtpSettings(checked.data);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      showToast(t(test ? 'admin.settings.smtp.test_sent' : 'admin.settings.saved'), 'success');
    } catch (err) {
      const shown = serverFormErrors(err, Object.keys(form), t('common.request_failed'));
      // A failed test mail is about the address it went to: its reason goes beside that field.
      if (test && shown.message && !Object.keys(shown.fields).length) setErrors({ test_email_recipient: shown.message });
      else {
        setErrors(shown.fields);
        setMessage(shown.message);
      }
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  const text = (name: (typeof TEXT_FIELDS)[number] | 'smtp_username' | 'smtp_password' | 'test_email_recipient') => ({
    name,
    label: t(`admin.settings.smtp.${name}`),
    value: form[name],
    onChange: (value: string) => set(name, value),
    error: errors[name],
  });
  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.smtp')}</h1>
      <Form onSubmit={submit} noValidate data-testid="settings-smtp" style={{ maxWidth: 640 }}>
        <TextField {...text('from_email')} type="email" help={t('admin.settings.smtp.from_email_hint')} />
        <TextField {...text('from_name')} help={t('admin.settings.smtp.from_name_hint')} />
        <TextField {...text('smtp_host')} />
        <Form.Group className="mb-3">
          <Form.Label as="div">{t('admin.settings.smtp.encryption')}</Form.Label>
          {ENCRYPTIONS.map((value) => (
            <Form.Check
              key={value || 'none'}
              inline
              type="radio"
              id={`field-encryption-${value || 'none'}`}
              name="encryption"
              label={value || t('admin.settings.smtp.encryption_none')}
              checked={form.encryption === value}
              onChange={() => set('encryption', value)}
            />
          ))}
        </Form.Group>
        <TextField {...text('smtp_port')} type="number" inputMode="numeric" />
        <Form.Group className="mb-3" controlId="field-smtp_authentication">
          <Form.Check
            type="switch"
            label={t('admin.settings.smtp.smtp_authentication')}
            checked={form.smtp_authentication}
            onChange={(e) => set('smtp_authentication', e.target.checked)}
          />
        </Form.Group>
        {form.smtp_authentication && (
          <>
            <TextField {...text('smtp_username')} autoComplete="off" />
            <TextField {...text('smtp_password')} type="password" autoComplete="new-password" />
          </>
        )}
        <FormMessage message={message} />
        <Button type="submit" disabled={busy} className="mb-4">
          {t('admin.settings.save')}
        </Button>
        <TextField {...text('test_email_recipient')} type="email" help={t('admin.settings.smtp.test_email_recipient_hint')} />
        <Button variant="outline-secondary" disabled={busy} onClick={() => void send(true)} data-testid="smtp-test">
          {t('admin.settings.smtp.send_test')}
        </Button>
      </Form>
    </>
  );
}
