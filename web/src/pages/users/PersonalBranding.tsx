import { useQuery } from '@tanstack/react-query';
import { getPersonalBranding } from '../../api/user-center';
import { activeAgent } from '../../app/agent';
import { ConnectorIcon } from '../../components/ConnectorIcon';
import { useTranslation } from '../../i18n/translator';
import { useAgent } from '../../state/site';

/** A page of this site (a path, not `//host`); anything else is another site's. */
const isSitePath = (url: string) => /^\/(?!\/)/.test(url);

/**
 * The links the active user centre keeps for this person (upstream's personal branding), in the
 * profile's header. Asked for only while a user centre is active: a site without one makes no
 * request for it. Nothing is shown while loading, on failure, or when it has none for this person.
 * The texts are the user centre's, shown as text; the addresses are checked by the server.
 */
export function PersonalBranding({ username }: { username: string }) {
  const { t } = useTranslation();
  const active = activeAgent(useAgent()) !== null;
  const branding = useQuery({
    queryKey: ['personal-branding', username],
    queryFn: ({ signal }) => getPersonalBranding(username, signal),
    enabled: active && !!username,
  });
  const links = active && branding.data?.enabled ? (branding.data.personal_branding ?? []).filter((item) => item.url) : [];
  if (!links.length) return null;
  return (
    <ul className="list-inline small mb-0 mt-1" aria-label={t('users.branding_links')} data-testid="personal-branding">
      {links.map((item) => {
        const external = !isSitePath(item.url);
        return (
          <li key={item.name || item.url} className="list-inline-item">
            <a
              href={item.url}
              className="link-secondary d-inline-flex align-items-center gap-1"
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <ConnectorIcon icon={item.icon ?? ''} size={16} />
              <span>{item.label || item.name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
