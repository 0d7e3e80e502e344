import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { deriveLoginState } from '../app/login-state';
import { NAV_LINKS, useNavSection } from '../app/nav-sections';
import { aiEnabled } from '../api/ai-enabled';
import { useSiteInfo } from '../state/site';
import { useUser } from '../state/user';
import { Icon } from './icons/Icon';
import { ReviewNavLink } from './ReviewNavLink';

/** Questions, tags, users, badges, the assistant when on (and the review queue for staff), the current section lit. */
export function MainNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const section = useNavSection();
  const login = deriveLoginState(useUser());
  const withAi = aiEnabled(useSiteInfo());
  return (
    <>
      {NAV_LINKS.filter((link) => withAi || !link.aiOnly).map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={`nav-link d-flex align-items-center gap-2 ${link.section === section ? 'active' : ''}`}
          aria-current={link.section === section ? 'page' : undefined}
          onClick={onNavigate}
        >
          <Icon name={link.icon} />
          {t(link.key)}
        </Link>
      ))}
      {(login.isAdmin || login.isModerator) && <ReviewNavLink />}
    </>
  );
}
