import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { resendActivation } from '../../api/account';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { useForm } from '../../hooks/useForm';
import { showToast } from '../../state/notices';

/** Sends the logged-in user's activation e-mail again. */
export function ResendActivation() {
  const { t } = useTranslation();
  const form = useForm({});
  const captcha = useCaptcha('email');

  const submit = form.handleSubmit(async () => {
    const outcome = await captcha.run(resendActivation);
    if (outcome.ok) showToast(t('account.sent_successfully'), 'success');
  });

  return (
    <Form onSubmit={submit} className="mb-3">
      <FormMessage message={form.message} />
      <Button type="submit" variant="outline-primary" disabled={form.busy}>
        {t('account.inactive.resend')}
      </Button>
      {captcha.dialog}
    </Form>
  );
}
