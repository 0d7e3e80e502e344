import { type ConnectorInfo, connectorHref } from '../../api/connectors';
import { peekRedirect } from '../../app/redirect';
import { ROUTES } from '../../app/paths';
import { ConnectorIcon } from '../../components/ConnectorIcon';
import { useTranslation } from '../../i18n/translator';

const BUTTON = 'btn btn-outline-secondary d-flex align-items-center justify-content-center gap-2';

/**
 * A button per redirect connector: a plain link to its start on the server (a full page load, it
 * leaves the app), carrying the page the person came from so the server brings them back there.
 * `switches` are the directory connectors, whose buttons show their form on this page instead.
 * A connector's name is the provider's alone (as upstream's clients expect): the wording is ours,
 * "Continue with Google" for a redirect, "Sign in with your company account" for a directory form.
 */
export function ConnectorButtons({ links, switches = [], onSwitch }: { links: ConnectorInfo[]; switches?: ConnectorInfo[]; onSwitch?: (link: string) => void }) {
  const { t } = useTranslation();
  if (!links.length && !switches.length) return null;
  const returnTo = peekRedirect() ?? ROUTES.home;
  return (
    <div className="d-grid gap-2 my-3" data-testid="connector-buttons">
      {switches.map((c) => (
        <button key={c.link} type="button" className={BUTTON} onClick={() => onSwitch?.(c.link)}>
          <ConnectorIcon icon={c.icon} />
          <span>{t('connector.sign_in_with', { name: c.name })}</span>
        </button>
      ))}
      {links.map((c) => (
        <a key={c.link} href={connectorHref(c.link, returnTo)} className={BUTTON}>
          <ConnectorIcon icon={c.icon} />
          <span>{t('connector.continue_with', { name: c.name })}</span>
        </a>
      ))}
    </div>
  );
}
