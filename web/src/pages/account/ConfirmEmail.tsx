import { connectorBindingEmailSchema } from '@answer/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bindEmail } from '../../api/connectors';
import { ROUTES } from '../../app/paths';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { useTranslation } from '../../i18n/translator';
import { loginWithToken } from '../../state/user';
import { checkForm } from '../../utils/form-errors';
import { AccountPanel } from './AccountPanel';

/**
 * /users/confirm-email?binding_key=...: where the server sends a person whose sign-in service gave
 * no address it vouches for. A new address makes their account (signed in, to verify by the mail);
 * an address that has an account is connected only when its owner follows the link mailed to it.
 */
export function ConfirmEmail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [key] = useState(() => params.get('binding_key') ?? '');
  const form = useForm({ email: '' });
  // An address that has an account, waiting for "send the link".
  const [taken, setTaken] = useState('');
  const [sentTo, setSentTo] = useState('');

  const send = async (email: string, must: boolean) => {
    const reply = await bindEmail({ binding_key: key, email, must });
    if (reply.access_token) {
      await loginWithToken(reply.access_token);
      // A new account whose address is still to verify: the inactive notice says what to do.
      navigate(ROUTES.inactive, { replace: true });
    } else if (reply.email_exist_and_must_be_confirmed) setTaken(email);
    else setSentTo(email);
  };

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(connectorBindingEmailSchema.pick({ email: true }), form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    await send(checked.data.email, false);
  });
  const sendLink = form.handleSubmit(() => send(taken, true));

  return (
    <AccountPanel title={t('account.confirm_email')} testId="confirm-email-page">
      {!key ? (
        <Alert variant="warning" data-testid="confirm-email-no-key">
          {t('connector.confirm_email.no_key')}
        </Alert>
      ) : sentTo ? (
        <Alert variant="success" data-testid="confirm-email-sent">
          {t('connector.confirm_email.sent', { email: sentTo })}
        </Alert>
      ) : taken ? (
        <Form noValidate onSubmit={sendLink} data-testid="confirm-email-taken">
          <p>{t('connector.confirm_email.taken', { email: taken })}</p>
          <FormMessage message={form.message} />
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t('connector.confirm_email.send_link')}
          </Button>
          <Button variant="link" className="w-100" onClick={() => setTaken('')}>
            {t('connector.confirm_email.other_address')}
          </Button>
        </Form>
      ) : (
        <Form noValidate onSubmit={submit}>
          <p>{t('connector.confirm_email.intro')}</p>
          <TextField {...form.field('email')} type="email" label={t('account.form.email')} autoComplete="email" />
          <FormMessage message={form.message} />
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t('connector.confirm_email.submit')}
          </Button>
        </Form>
      )}
      <p className="text-center mt-3">
        <Link to={ROUTES.login}>{t('account.form.back_to_login')}</Link>
      </p>
    </AccountPanel>
  );
}
