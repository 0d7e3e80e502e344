import type { SiteInfo } from '@answer/contract';
import { getPluginStatus, getSiteInfo, getUcAgent } from '../api/common';
import { loadLanguage, pickLanguage } from '../i18n/load-language';
import { showErrorPage } from '../state/notices';
import { agentStore, pluginStore, siteStore } from '../state/site';
import { pullUser } from '../state/user';
import { applyTimeZone } from '../utils/time-zone';
import { initialData } from './initial-data';
import { ROUTES } from './paths';
import { router } from './router';

// Start-up probes report their own failures: no toasts, no error pages from the client itself.
const quiet = { passingError: true, ignore50x: true } as const;

/**
 * Start-up (spec section 1): site settings, the current user and the plugin list in parallel, then
 * the login agent, then language and time zone (ThemeSync applies the appearance). An uninstalled server answers
 * the site settings with null (docs/decisions.md): that leads to the installer.
 */
export async function boot(): Promise<void> {
  if (window.location.pathname === ROUTES.install) return;

  // The server writes the site settings into the page; asking for them is for a page without.
  const inlineSite = initialData().siteinfo;
  const [site, user, plugins] = await Promise.allSettled([inlineSite ? Promise.resolve(inlineSite) : getSiteInfo(quiet), pullUser(true), getPluginStatus(quiet)]);
  if (plugins.status === 'fulfilled' && Array.isArray(plugins.value)) pluginStore.set(plugins.value);
  let settings: SiteInfo | null = null;
  if (site.status === 'fulfilled' && site.value === null) {
    await router.navigate(ROUTES.install, { replace: true });
    return;
  } else if (site.status === 'fulfilled') {
    settings = site.value;
    siteStore.set(settings);
  } else {
    // Without settings the site cannot work; the header still renders so the user can retry.
    showErrorPage('50X', router.state.location.key);
  }

  agentStore.set(await getUcAgent(quiet).catch(() => null));
  const userLanguage = user.status === 'fulfilled' ? user.value?.language : undefined;
  await loadLanguage(pickLanguage(userLanguage, settings?.interface.language), settings?.revision);
  applyTimeZone(settings?.interface.time_zone);
}
