import { CLIENT_AGENTS, detectClientAgent } from '@answer/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { activeAgent } from '../../app/agent';
import { leaveFor, withReturnPath } from '../../app/user-center';
import { PageLoading } from '../../components/PageLoading';
import { useTranslation } from '../../i18n/translator';
import { useAgent } from '../../state/site';
import { AccountPanel } from './AccountPanel';
import { UserCenterButton } from './UserCenterButton';

/** The in-app browser this page runs in, if it is one of the agents' (spec section 1); none on the server. */
const browserAgent = () => (typeof navigator === 'undefined' ? null : detectClientAgent(navigator.userAgent));

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * /user-center/auth (visitors only): logging in through the site's user centre. Inside the agent's
 * own app (its in-app browser, told by the User-Agent: WeCom in WeCom, say) the person is taken
 * straight to its login, as upstream does; elsewhere the page offers the user centre's login
 * button, and for an agent with an app of its own says that the app can be used too.
 * `?agent_name=` names the agent, as upstream's page reads it.
 */
export function UserCenterAuth() {
  const { t } = useTranslation();
  const agent = activeAgent(useAgent());
  const named = useSearchParams()[0].get('agent_name') || agent?.name || '';
  const [inApp] = useState(browserAgent);
  const straightOn = Boolean(agent?.login_redirect_url && inApp && named && sameName(inApp, named));

  useEffect(() => {
    if (straightOn && agent?.login_redirect_url) leaveFor(withReturnPath(agent.login_redirect_url));
  }, [straightOn, agent?.login_redirect_url]);

  if (!agent) {
    return (
      <AccountPanel title={t('account.user_center_auth')} testId="user-center-auth">
        <p className="text-center" data-testid="user-center-not-set-up">
          {t('connector.user_center.not_set_up')}
        </p>
        <p className="text-center">
          <Link to={ROUTES.login} className="btn btn-primary">
            {t('connector.back_to_login')}
          </Link>
        </p>
      </AccountPanel>
    );
  }
  const name = agent.display_name || agent.name || named;
  if (straightOn) {
    return (
      <div data-testid="user-center-redirecting">
        <p className="visually-hidden">{t('connector.user_center.redirecting', { name })}</p>
        <PageLoading />
      </div>
    );
  }
  const appAgent = CLIENT_AGENTS.find((known) => sameName(known, named));
  return (
    <AccountPanel title={t('connector.user_center.login_with', { name })} testId="user-center-auth">
      <UserCenterButton agent={agent} action="login" />
      {appAgent && (
        <p className="text-center text-body-secondary small" data-testid="user-center-app-hint">
          {t('connector.user_center.open_in_app', { name: appAgent })}
        </p>
      )}
    </AccountPanel>
  );
}
