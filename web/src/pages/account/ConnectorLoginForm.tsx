import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type ConnectorInfo, loginByConnector } from '../../api/connectors';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { ConnectorIcon } from '../../components/ConnectorIcon';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { useTranslation } from '../../i18n/translator';
import { acceptLogin } from '../../state/user';

/**
 * A directory connector's sign-in (LDAP): the name and password of the person's account there,
 * sent to the connector on this site. Its reply is the e-mail login's, so success is handled the
 * same way: the token and user are kept, and the login page's guard takes the person back. The
 * server counts failed attempts like password logins (captcha action "password").
 */
export function ConnectorLoginForm({ connector }: { connector: ConnectorInfo }) {
  const { t } = useTranslation();
  const form = useForm({ username: '', password: '' });
  const captcha = useCaptcha('password');

  const submit = form.handleSubmit(async () => {
    const { username, password } = form.values;
    const missing = { ...(!username.trim() && { username: t('error.common.required') }), ...(!password && { password: t('error.common.required') }) };
    if (Object.keys(missing).length) return form.setErrors(missing);
    const outcome = await captcha.run((c) => loginByConnector(connector.link, { username: username.trim(), password, ...c }));
    if (outcome.ok) acceptLogin(outcome.value);
  });

  return (
    <Form noValidate onSubmit={submit} data-testid="connector-login-form">
      <h2 className="h6 d-flex align-items-center gap-2 mb-3">
        <ConnectorIcon icon={connector.icon} />
        <span>{t('connector.sign_in_with', { name: connector.name })}</span>
      </h2>
      <TextField {...form.field('username')} id="connector-username" label={t('connector.username')} autoComplete="username" />
      <TextField {...form.field('password')} id="connector-password" type="password" label={t('account.form.password')} autoComplete="current-password" />
      <FormMessage message={form.message} />
      <Button type="submit" className="w-100" disabled={form.busy}>
        {t('account.login')}
      </Button>
      {captcha.dialog}
    </Form>
  );
}
