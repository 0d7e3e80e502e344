import { Suspense } from 'react';
import { useTranslation } from '../../i18n/translator';
import { NavLink, Outlet } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { PageLoading } from '../../components/PageLoading';

export { SettingsAccount } from './SettingsAccount';
export { SettingsInterface } from './SettingsInterface';
export { SettingsNotify } from './SettingsNotify';
export { SettingsProfile } from './SettingsProfile';

const TABS = ['profile', 'notify', 'account', 'interface'] as const;

/** /users/settings: the tabs, with the chosen one below. */
export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <div>
      <nav className="nav nav-underline mb-4" aria-label={t('settings.navigation')}>
        {TABS.map((tab) => (
          <NavLink key={tab} to={`/users/settings/${tab}`} className="nav-link">
            {t(`settings.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** Settings page a plugin adds (slug in the URL). */
export const SettingsPlugin = () => <ComingSoon titleKey="settings.plugin" />;
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
