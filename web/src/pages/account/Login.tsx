import { loginSchema } from '@answer/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { loginByEmail } from '../../api/account';
import { useConnectors } from '../../api/connectors';
import { deriveLoginState } from '../../app/login-state';
import { ROUTES } from '../../app/paths';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { activeAgent, agentReplacesAccounts } from '../../app/agent';
import { useAgent, useSiteInfo } from '../../state/site';
import { acceptLogin, useUser } from '../../state/user';
import { checkForm } from '../../utils/form-errors';
import { AccountPanel } from './AccountPanel';
import { ConnectorButtons } from './ConnectorButtons';
import { ConnectorLoginForm } from './ConnectorLoginForm';
import { InactiveNotice } from './InactiveNotice';
import { UserCenterButton } from './UserCenterButton';

/**
 * /users/login. A user who logged in but has not confirmed their e-mail sees that notice here
 * instead (the page's guard lets only them and visitors in; ?status=inactive is where the app
 * sends them).
 */
export function Login() {
  const user = useUser();
  const inactiveHint = useSearchParams()[0].get('status') === 'inactive';
  if (user && deriveLoginState(user).isNotActivated) return <InactiveNotice user={user} />;
  return <LoginForm inactiveHint={inactiveHint} />;
}

const EMAIL = 'email';

/**
 * The ways in: the e-mail form (unless the site turned password logins off), the forms of directory
 * connectors (one shown at a time, the others a button that switches to theirs) and a button per
 * redirect connector. Connectors stay when password logins are off: they are then the way in. A
 * user centre (login agent) has one button instead of the connectors'.
 */
function LoginForm({ inactiveHint }: { inactiveHint: boolean }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const connectors = useConnectors();
  // A user centre's button stands in for the connectors' (as upstream's hosting connector); while it
  // replaces the site's own accounts, the e-mail form goes too (the page's guard usually sent the
  // person to it already).
  const uc = useAgent();
  const agent = activeAgent(uc);
  const passwordOn = site?.login.allow_password_login !== false && !agentReplacesAccounts(uc);
  const all = agent ? [] : (connectors.data ?? []);
  const forms = all.filter((c) => c.form);
  const [chosen, setChosen] = useState(EMAIL);
  const methods = [...(passwordOn ? [EMAIL] : []), ...forms.map((c) => c.link)];
  const method = methods.includes(chosen) ? chosen : methods[0];
  const directory = forms.find((c) => c.link === method);
  const others = all.filter((c) => c !== directory);
  const nothingToShow = !agent && !passwordOn && !connectors.isPending && !all.length;

  return (
    <AccountPanel title={t('account.login')} testId="login-page">
      {inactiveHint && (
        <Alert variant="warning">{t(site?.smtp_configured === false ? 'account.inactive_notice_no_mail' : 'account.inactive_notice')}</Alert>
      )}
      {/* The server refuses password logins then; external logins (plugins) are the way in, when there are some. */}
      {nothingToShow && (
        <Alert variant="info" data-testid="password-login-off">
          {t('account.password_login_off')}
        </Alert>
      )}
      {agent && !passwordOn && agentReplacesAccounts(uc) && (
        <p className="text-center text-body-secondary" data-testid="user-center-note">
          {t('connector.user_center.accounts_managed', { name: agent.display_name || agent.name || '' })}
        </p>
      )}
      {agent && <UserCenterButton agent={agent} action="login" />}
      {agent && method && <p className="text-center text-body-secondary small my-3">{t('connector.or')}</p>}
      {method === EMAIL && <EmailLoginForm />}
      {directory && <ConnectorLoginForm key={directory.link} connector={directory} />}
      {method && others.length > 0 && <p className="text-center text-body-secondary small my-3">{t('connector.or')}</p>}
      <ConnectorButtons links={others.filter((c) => !c.form)} switches={others.filter((c) => c.form)} onSwitch={setChosen} />
      {method !== EMAIL && passwordOn && (
        <p className="text-center">
          <Button variant="link" onClick={() => setChosen(EMAIL)}>
            {t('connector.use_email')}
          </Button>
        </p>
      )}
      {site?.login.allow_new_registrations !== false && (
        <p className="text-center">
          {t('account.form.no_account')} <Link to={ROUTES.signUp}>{t('account.signup')}</Link>
        </p>
      )}
    </AccountPanel>
  );
}

/** The site's own login: e-mail and password. On success the page's guard moves on: back to the remembered page, or to the right notice. */
function EmailLoginForm() {
  const { t } = useTranslation();
  const form = useForm({ e_mail: '', pass: '' });
  const captcha = useCaptcha('password');

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(loginSchema, form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    const outcome = await captcha.run((c) => loginByEmail({ e_mail: checked.data.e_mail, pass: checked.data.pass, ...c }));
    if (outcome.ok) acceptLogin(outcome.value);
  });

  return (
    <>
      <Form noValidate onSubmit={submit}>
        <TextField {...form.field('e_mail')} type="email" label={t('account.form.email')} autoComplete="username" />
        <TextField {...form.field('pass')} type="password" label={t('account.form.password')} autoComplete="current-password" />
        <FormMessage message={form.message} />
        <Button type="submit" className="w-100" disabled={form.busy}>
          {t('account.login')}
        </Button>
      </Form>
      {captcha.dialog}
      <p className="text-center mt-3 mb-1">
        <Link to={ROUTES.accountRecovery}>{t('account.form.forgot_password')}</Link>
      </p>
    </>
  );
}
