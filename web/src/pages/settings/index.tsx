import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/translator';
import { NavLink, Outlet } from 'react-router';
import { USER_PLUGIN_TABS, getUserPluginTabs } from '../../api/plugins';
import { PageLoading } from '../../components/PageLoading';

export { SettingsAccount } from './SettingsAccount';
export { SettingsInterface } from './SettingsInterface';
export { SettingsNotify } from './SettingsNotify';
export { SettingsPlugin } from './SettingsPlugin';
export { SettingsProfile } from './SettingsProfile';

const TABS = ['profile', 'notify', 'account', 'interface'] as const;

/** /users/settings: the tabs (the app's own, then one per plugin with member settings), with the chosen one below. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const plugins = useQuery({ queryKey: USER_PLUGIN_TABS, queryFn: ({ signal }) => getUserPluginTabs(signal) });
  return (
    <div>
      <nav className="nav nav-underline mb-4" aria-label={t('settings.navigation')}>
        {TABS.map((tab) => (
          <NavLink key={tab} to={`/users/settings/${tab}`} className="nav-link">
            {t(`settings.${tab}`)}
          </NavLink>
        ))}
        {plugins.data?.map((plugin) => (
          <NavLink key={plugin.slug_name} to={`/users/settings/${plugin.slug_name}`} className="nav-link">
            {plugin.name}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
