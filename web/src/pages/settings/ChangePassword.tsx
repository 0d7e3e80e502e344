import { changePasswordSchema } from '@answer/contract';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { changePassword } from '../../api/settings';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { showToast } from '../../state/notices';
import { useSiteInfo } from '../../state/site';
import { checkForm } from '../../utils/form-errors';
import { passwordLengthProblem, passwordMinLength } from '../../utils/password-rule';

const EMPTY = { old_pass: '', pass: '', pass_confirm: '' };

/**
 * The new password twice, and the current one when the account has one (accounts made by an
 * external login may not). The server ends the account's other sessions. The fields have ids of
 * their own: the e-mail form on the same page has a "pass" field too.
 */
export function ChangePassword({ hasPassword, onDirtyChange }: { hasPassword: boolean; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const form = useForm(EMPTY);
  const captcha = useCaptcha('edit_userinfo');
  const minPass = passwordMinLength(useSiteInfo());
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(changePasswordSchema, form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    if (hasPassword && !form.values.old_pass) return form.setErrors({ old_pass: t('error.common.required') });
    const short = passwordLengthProblem(checked.data.pass, minPass);
    if (short) return form.setErrors({ pass: t(short, { min: minPass }) });
    if (form.values.pass !== form.values.pass_confirm) return form.setErrors({ pass_confirm: t('account.form.password_mismatch') });
    const { old_pass, pass } = checked.data;
    const outcome = await captcha.run((c) => changePassword({ old_pass, pass, ...c }));
    if (!outcome.ok) return;
    form.setValues(EMPTY);
    form.setDirty(false);
    showToast(t('settings.password_changed'), 'success');
  });

  return (
    <Form noValidate onSubmit={submit} data-testid="change-password-form">
      {hasPassword && <TextField {...form.field('old_pass')} id="change-password-old" type="password" label={t('account.form.old_password')} autoComplete="current-password" />}
      <TextField {...form.field('pass')} id="change-password-new" type="password" label={t('account.form.new_password')} help={t('account.form.password_help', { min: minPass })} autoComplete="new-password" />
      <TextField {...form.field('pass_confirm')} id="change-password-confirm" type="password" label={t('account.form.confirm_password')} autoComplete="new-password" />
      <FormMessage message={form.message} />
      <Button type="submit" disabled={form.busy}>
        {t('settings.account_page.change_password')}
      </Button>
      {captcha.dialog}
    </Form>
  );
}
