import type { SiteInfo } from '@answer/contract';
import type { Runtime } from '../../runtime.js';
import { smtpConfiguredCached } from '../email/settings.js';
import { loadSiteSettings, presentSiteInfo, type SiteSettings } from './service.js';

/**
 * The reply per settings object (the cached settings are one object until they change): every page
 * carries it inline, and the page serialises it once per object (spa.ts), so it is built once too.
 * Callers must not change it.
 */
const built = new WeakMap<SiteSettings, { configured: boolean; info: SiteInfo }>();

/** GET /siteinfo's data for an installed site; pages also carry it inline. */
export async function publicSiteInfo(runtime: Runtime): Promise<SiteInfo> {
  const settings = await loadSiteSettings(runtime);
  const configured = await smtpConfiguredCached(runtime.database);
  const kept = built.get(settings);
  if (kept?.configured === configured) return kept.info;
  const info = presentSiteInfo(settings, { configured });
  built.set(settings, { configured, info });
  return info;
}
