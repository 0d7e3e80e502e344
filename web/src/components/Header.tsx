import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { Link, useLocation } from 'react-router';
import { deriveLoginState } from '../app/login-state';
import { ROUTES } from '../app/paths';
import { DEFAULT_PRIMARY_COLOR } from '../app/primary-color';
import { rememberRedirect } from '../app/redirect';
import { useSiteInfo } from '../state/site';
import { useUser } from '../state/user';
import { BrandMark } from './BrandMark';
import { MainNavLinks } from './MainNavLinks';
import { SearchBox } from './SearchBox';
import './header.css';

// The dropdown (and its positioning library) is only needed by logged-in users.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
const BadgeAwardPopup = lazy(() => import('./BadgeAwardPopup').then((m) => ({ default: m.BadgeAwardPopup })));

export function Header() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const user = useUser();
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const login = deriveLoginState(user);
  const themeConfig = site ? site.theme.theme_config?.[site.theme.theme] : undefined;
  const colored = (themeConfig?.navbar_style ?? 'colored') === 'colored';

  return (
    <header
      className={`navbar navbar-expand-lg ${colored ? 'shadow-sm' : 'bg-body-tertiary border-bottom'}`}
      data-bs-theme={colored ? 'dark' : undefined}
      style={colored ? { backgroundColor: themeConfig?.primary_color || DEFAULT_PRIMARY_COLOR } : undefined}
    >
      <div className="container-xxl">
        <Link to="/" className="navbar-brand fw-semibold" data-testid="site-brand">
          <BrandMark name={site?.general.name ?? ''} logo={site?.branding.logo} mobileLogo={site?.branding.mobile_logo} />
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-navbar"
          aria-expanded={expanded}
          aria-label={t('header.toggle_navigation')}
          onClick={() => setExpanded((v) => !v)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navbar" className={`collapse navbar-collapse ${expanded ? 'show' : ''}`}>
          {/* Narrow screens have no side bar: its links come with the collapsed menu instead. */}
          <nav aria-label={t('header.main_navigation')} className="navbar-nav d-lg-none">
            <MainNavLinks onNavigate={() => setExpanded(false)} />
          </nav>
          <SearchBox />
          <div className="flex-grow-1 d-none d-lg-block" />
          {user && login.isLoggedIn ? (
            <Suspense fallback={null}>
              <div className="d-flex align-items-center">
                <NotificationBell colored={colored} />
                <UserMenu user={user} isAdmin={login.isAdmin} />
              </div>
              <BadgeAwardPopup />
            </Suspense>
          ) : (
            <div className="d-flex gap-2 header-guest">
              <Link
                to={ROUTES.login}
                className={`btn btn-sm btn-link ${colored ? 'text-white' : ''}`}
                onClick={() => rememberRedirect(location.pathname + location.search)}
              >
                {t('header.login')}
              </Link>
              {site?.login.allow_new_registrations !== false && (
                <Link to={ROUTES.signUp} className={`btn btn-sm ${colored ? 'btn-light' : 'btn-primary'}`}>
                  {t('header.signup')}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
