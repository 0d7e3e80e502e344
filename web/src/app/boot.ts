import type { SiteInfo } from '@answer/contract';
import type { UserInfo } from '../api/types';
import { getPluginStatus, getSiteInfo, getUcAgent } from '../api/common';
import { loadLanguage, pickLanguage } from '../i18n/load-language';
import { showErrorPage } from '../state/notices';
import { agentStore, pluginStore, siteStore } from '../state/site';
import { adoptUser, pullUser } from '../state/user';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { applyTimeZone } from '../utils/time-zone';
import { initialData, serverRendered } from './initial-data';
import { ROUTES } from './paths';
import { router } from './router';

// Start-up probes report their own failures: no toasts, no error pages from the client itself.
const quiet = { passingError: true, ignore50x: true } as const;

/**
 * Whether a page the server rendered can be hydrated: it was rendered for the reader this browser
 * is (signed in with a token, or not). Otherwise (a session that ended, storage that was cleared)
 * the app asks for everything itself and renders the page afresh.
 */
const renderedForThisReader = () => serverRendered() && !!(initialData().user || initialData().reader) === !!storage.get<string>(STORAGE_KEYS.token);

/** The reader the page was rendered for, with this browser's token (the server never sees it in a page request). */
function renderedReader(user: UserInfo | null | undefined): UserInfo | null {
  const reader = user ? { ...user, access_token: storage.get<string>(STORAGE_KEYS.token) ?? '' } : null;
  adoptUser(reader);
  return reader;
}

/**
 * Start-up (spec section 1): site settings, the current user and the plugin list in parallel, then
 * the login agent, then language and time zone (ThemeSync applies the appearance). An uninstalled server answers
 * the site settings with null (docs/decisions.md): that leads to the installer. A page the server
 * rendered carries all of these (app/initial-data.ts). Resolves to whether the page may be hydrated.
 */
export async function boot(): Promise<boolean> {
  if (window.location.pathname === ROUTES.install) return false;

  const inline = initialData();
  const hydrate = renderedForThisReader();
  const [site, user, plugins] = await Promise.allSettled([
    inline.siteinfo ? Promise.resolve(inline.siteinfo) : getSiteInfo(quiet),
    hydrate ? Promise.resolve(renderedReader(inline.user)) : pullUser(true),
    hydrate && inline.plugins ? Promise.resolve(inline.plugins) : getPluginStatus(quiet),
  ]);
  if (plugins.status === 'fulfilled' && Array.isArray(plugins.value)) pluginStore.set(plugins.value);
  let settings: SiteInfo | null = null;
  if (site.status === 'fulfilled' && site.value === null) {
    await router.navigate(ROUTES.install, { replace: true });
    return false;
  } else if (site.status === 'fulfilled') {
    settings = site.value;
    siteStore.set(settings);
  } else {
    // Without settings the site cannot work; the header still renders so the user can retry.
    showErrorPage('50X', router.state.location.key);
  }

  agentStore.set(hydrate && inline.agent !== undefined ? inline.agent : await getUcAgent(quiet).catch(() => null));
  // A member's page is rendered in their language before their marks are laid over it.
  const userLanguage = user.status === 'fulfilled' ? (user.value ?? (hydrate ? inline.reader?.user : null))?.language : undefined;
  await loadLanguage(pickLanguage(userLanguage, settings?.interface.language), settings?.revision);
  applyTimeZone(settings?.interface.time_zone);
  return hydrate;
}
