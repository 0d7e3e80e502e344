import { passwordReplacementSchema } from '@answer/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { replacePassword } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { ROUTES } from '../../app/paths';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { useSiteInfo } from '../../state/site';
import { pullUser } from '../../state/user';
import { checkForm } from '../../utils/form-errors';
import { passwordLengthProblem, passwordMinLength } from '../../utils/password-rule';
import { AccountPanel } from './AccountPanel';
import { EXPIRED_LINK } from './link-errors';

/** /users/password-reset?code=: the new password, twice, from the mailed link. */
export function PasswordReset() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('code') ?? '';
  const form = useForm({ pass: '', pass_confirm: '' });
  const minPass = passwordMinLength(useSiteInfo());
  const [state, setState] = useState<'form' | 'done' | 'expired'>(code ? 'form' : 'expired');

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(passwordReplacementSchema, { code, pass: form.values.pass }, t);
    if ('errors' in checked) return checked.errors.code ? setState('expired') : form.setErrors(checked.errors);
    const short = passwordLengthProblem(checked.data.pass, minPass);
    if (short) return form.setErrors({ pass: t(short, { min: minPass }) });
    if (form.values.pass !== form.values.pass_confirm) return form.setErrors({ pass_confirm: t('account.form.password_mismatch') });
    try {
      await replacePassword({ code, pass: checked.data.pass });
    } catch (e) {
      if (isApiError(e) && e.reason === EXPIRED_LINK) return setState('expired');
      throw e;
    }
    setState('done');
    // The reset ended every session of that account, maybe this browser's too.
    void pullUser(true);
  });

  return (
    <AccountPanel title={t('account.password_reset')} testId="password-reset-page">
      {state === 'expired' && (
        <>
          <Alert variant="warning">{t('account.password_reset_page.link_invalid')}</Alert>
          <p className="text-center">
            <Link to={ROUTES.accountRecovery}>{t('account.password_reset_page.request_new')}</Link>
          </p>
        </>
      )}
      {state === 'done' && (
        <>
          <Alert variant="success">{t('account.password_reset_page.done')}</Alert>
          <p className="text-center">
            <Link to={ROUTES.login} className="btn btn-primary">
              {t('account.login')}
            </Link>
          </p>
        </>
      )}
      {state === 'form' && (
        <Form noValidate onSubmit={submit}>
          <TextField {...form.field('pass')} type="password" label={t('account.form.new_password')} help={t('account.form.password_help', { min: minPass })} autoComplete="new-password" />
          <TextField {...form.field('pass_confirm')} type="password" label={t('account.form.confirm_password')} autoComplete="new-password" />
          <FormMessage message={form.message} />
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t('account.password_reset')}
          </Button>
        </Form>
      )}
    </AccountPanel>
  );
}
