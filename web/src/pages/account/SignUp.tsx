import { registerSchema } from '@answer/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { registerByEmail } from '../../api/account';
import { useConnectors } from '../../api/connectors';
import { ROUTES } from '../../app/paths';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { activeAgent, agentReplacesAccounts } from '../../app/agent';
import { useAgent, useSiteInfo } from '../../state/site';
import { acceptLogin } from '../../state/user';
import { checkForm } from '../../utils/form-errors';
import { passwordLengthProblem, passwordMinLength } from '../../utils/password-rule';
import { AccountPanel } from './AccountPanel';
import { ConnectorButtons } from './ConnectorButtons';
import { UserCenterButton } from './UserCenterButton';

/** /users/register: signing up logs the new user in; the page's guard then shows the "check your e-mail" notice. */
export function SignUp() {
  const { t } = useTranslation();
  const form = useForm({ name: '', e_mail: '', pass: '' });
  const captcha = useCaptcha('email');
  const site = useSiteInfo();
  const minPass = passwordMinLength(site);
  // A redirect connector also makes an account for a newcomer (when the site takes sign-ups). A
  // directory's form is the login page's: it signs people in with the account they already have.
  const connectors = (useConnectors().data ?? []).filter((c) => !c.form);
  // A user centre signs people up instead of the connectors; while it replaces the site's own
  // accounts, the e-mail form goes too (the page's guard usually sent the person to it already).
  const uc = useAgent();
  const agent = activeAgent(uc);
  const redirects = agent ? [] : connectors;
  const replaced = agentReplacesAccounts(uc);
  const emailOn = site?.login.allow_email_registrations !== false && !replaced;

  const submit = form.handleSubmit(async () => {
    const checked = checkForm(registerSchema, form.values, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    const short = passwordLengthProblem(checked.data.pass, minPass);
    if (short) return form.setErrors({ pass: t(short, { min: minPass }) });
    const { name, e_mail, pass } = checked.data;
    const outcome = await captcha.run((c) => registerByEmail({ name, e_mail, pass, ...c }));
    if (outcome.ok) acceptLogin(outcome.value);
  });

  return (
    <AccountPanel title={t('account.signup')} testId="signup-page">
      {/* The page's guard sends visitors home when sign-ups are closed; this is only the e-mail way. */}
      {replaced ? (
        <p className="text-center text-body-secondary" data-testid="user-center-note">
          {t('connector.user_center.accounts_managed', { name: agent?.display_name || agent?.name || '' })}
        </p>
      ) : !emailOn ? (
        <Alert variant="info" data-testid="email-registration-off">
          {t('account.email_registration_off')}
        </Alert>
      ) : (
        <Form noValidate onSubmit={submit}>
          <TextField {...form.field('name')} label={t('account.form.name')} help={t('account.form.name_help')} autoComplete="username" />
          <TextField {...form.field('e_mail')} type="email" label={t('account.form.email')} autoComplete="email" />
          <TextField {...form.field('pass')} type="password" label={t('account.form.password')} help={t('account.form.password_help', { min: minPass })} autoComplete="new-password" />
          <FormMessage message={form.message} />
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t('account.signup')}
          </Button>
        </Form>
      )}
      {captcha.dialog}
      {agent && emailOn && <p className="text-center text-body-secondary small my-3">{t('connector.or')}</p>}
      {agent && <UserCenterButton agent={agent} action="sign_up" />}
      {emailOn && redirects.length > 0 && <p className="text-center text-body-secondary small my-3">{t('connector.or')}</p>}
      <ConnectorButtons links={redirects} />
      <LegalAgreement legal={site?.site_legal} />
      <p className="text-center">
        {t('account.form.have_account')} <Link to={ROUTES.login}>{t('account.login')}</Link>
      </p>
    </AccountPanel>
  );
}

/** "By signing up you agree to…", naming only the documents the owner has published; nothing when there are none. */
function LegalAgreement({ legal }: { legal?: { tos: boolean; privacy: boolean } }) {
  const { t } = useTranslation();
  if (!legal?.tos && !legal?.privacy) return null;
  return (
    <p className="small text-body-secondary text-center mt-3">
      {t('account.form.agree')} {legal.tos && <Link to="/tos">{t('account.form.tos')}</Link>}
      {legal.tos && legal.privacy && ' · '}
      {legal.privacy && <Link to="/privacy">{t('account.form.privacy')}</Link>}
    </p>
  );
}
