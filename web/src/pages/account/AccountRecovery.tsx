import { passwordResetSchema } from '@answer/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/account';
import { ROUTES } from '../../app/paths';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { NoMailServer, useNoMailServer } from '../../components/NoMailServer';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { checkForm } from '../../utils/form-errors';
import { AccountPanel } from './AccountPanel';

/** /users/account-recovery: mails a password reset link. The server answers alike for unknown addresses. */
export function AccountRecovery() {
  const { t } = useTranslation();
  const form = useForm({ e_mail: '' });
  const captcha = useCaptcha('email');
  const [sentTo, setSentTo] = useState('');
  const noMail = useNoMailServer();

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(passwordResetSchema, form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    const outcome = await captcha.run((c) => requestPasswordReset({ e_mail: checked.data.e_mail, ...c }));
    if (outcome.ok) setSentTo(checked.data.e_mail);
  });

  return (
    <AccountPanel title={t('account.recovery')} testId="recovery-page">
      {noMail ? (
        <NoMailServer message={t('account.recovery_page.no_mail_server')} />
      ) : sentTo ? (
        <Alert variant="success" data-testid="recovery-sent">
          {t('account.recovery_page.sent', { email: sentTo })}
        </Alert>
      ) : (
        <Form noValidate onSubmit={submit}>
          <p>{t('account.recovery_page.intro')}</p>
          <TextField {...form.field('e_mail')} type="email" label={t('account.form.email')} autoComplete="email" />
          <FormMessage message={form.message} />
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t('account.recovery_page.submit')}
          </Button>
        </Form>
      )}
      {captcha.dialog}
      <p className="text-center mt-3">
        <Link to={ROUTES.login}>{t('account.form.back_to_login')}</Link>
      </p>
    </AccountPanel>
  );
}
