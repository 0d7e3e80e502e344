import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { deriveLoginState } from '../app/login-state';
import { useUser } from '../state/user';
import { MAIN_LINKS } from './Header';
import { ReviewNavLink } from './ReviewNavLink';

/** The left column of the main layout; staff also get the review queue. */
export function SideNav() {
  const { t } = useTranslation();
  const login = deriveLoginState(useUser());
  return (
    <nav aria-label={t('nav.side_navigation')} className="nav nav-pills flex-column sticky-top pt-3">
      {MAIN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className="nav-link">
          {t(link.key)}
        </NavLink>
      ))}
      {(login.isAdmin || login.isModerator) && <ReviewNavLink />}
    </nav>
  );
}
