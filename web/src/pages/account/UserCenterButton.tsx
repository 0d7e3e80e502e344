import type { UcAgentInfo } from '../../api/types';
import { withReturnPath } from '../../app/user-center';
import { ConnectorIcon } from '../../components/ConnectorIcon';
import { useTranslation } from '../../i18n/translator';

const BUTTON = 'btn btn-outline-secondary d-flex align-items-center justify-content-center gap-2';

/**
 * The user centre's login or sign-up: a plain link to the server's hop there (a full page load,
 * it leaves the app), carrying the page the person came from, as a connector's button does.
 */
export function UserCenterButton({ agent, action }: { agent: UcAgentInfo; action: 'login' | 'sign_up' }) {
  const { t } = useTranslation();
  const url = action === 'login' ? agent.login_redirect_url : agent.sign_up_redirect_url || agent.login_redirect_url;
  if (!url) return null;
  const name = agent.display_name || agent.name || '';
  return (
    <div className="d-grid my-3">
      <a href={withReturnPath(url)} className={BUTTON} data-testid="user-center-button">
        <ConnectorIcon icon={agent.icon ?? ''} />
        <span>{action === 'login' ? t('connector.user_center.login_with', { name }) : t('connector.user_center.sign_up_with', { name })}</span>
      </a>
    </div>
  );
}
