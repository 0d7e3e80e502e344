import { emailChangeSchema } from '@answer/contract';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../i18n/translator';
import { requestEmailChange } from '../api/account';
import { useForm } from '../hooks/useForm';
import { showToast } from '../state/notices';
import { checkForm } from '../utils/form-errors';
import { useCaptcha } from './captcha/useCaptcha';
import { FormMessage } from './FormMessage';
import { NoMailServer, useNoMailServer } from './NoMailServer';
import { TextField } from './TextField';

interface ChangeEmailFormProps {
  /** Once the current address is confirmed the server wants the password too. */
  needsPassword: boolean;
  /** Typed-in changes not sent yet: the page asks before leaving (one prompt per page, so it decides). */
  onDirtyChange: (dirty: boolean) => void;
}

/** Asks for a confirmation link at a new address; following it makes the address the account's. */
export function ChangeEmailForm({ needsPassword, onDirtyChange }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const form = useForm({ e_mail: '', pass: '' });
  const captcha = useCaptcha('email');
  const [sentTo, setSentTo] = useState('');
  const noMail = useNoMailServer();
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(emailChangeSchema, form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    if (needsPassword && !checked.data.pass) return form.setErrors({ pass: t('error.common.required') });
    const { e_mail, pass } = checked.data;
    const outcome = await captcha.run((c) => requestEmailChange({ e_mail, pass, ...c }));
    if (!outcome.ok) return;
    form.setDirty(false);
    setSentTo(e_mail);
    showToast(t('account.sent_successfully'), 'success');
  });

  if (noMail) return <NoMailServer message={t('account.change_email_page.no_mail_server')} />;
  if (sentTo) {
    return (
      <Alert variant="success" data-testid="email-change-sent">
        {t('account.change_email_page.sent', { email: sentTo })}
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={submit} data-testid="change-email-form">
      <TextField {...form.field('e_mail')} id="change-email-address" type="email" label={t('account.change_email_page.new_email')} autoComplete="email" />
      {needsPassword && (
        <TextField {...form.field('pass')} id="change-email-password" type="password" label={t('account.form.password')} autoComplete="current-password" />
      )}
      <FormMessage message={form.message} />
      <Button type="submit" disabled={form.busy}>
        {t('account.change_email_page.submit')}
      </Button>
      {captcha.dialog}
    </Form>
  );
}
