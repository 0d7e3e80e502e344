import type { SiteInfo } from '@answer/contract';
import { smtpConfigured } from '../../core/mailer.js';
import type { Runtime } from '../../runtime.js';
import { loadSmtpSettings } from '../email/settings.js';
import { loadSiteSettings, presentSiteInfo } from './service.js';

/** GET /siteinfo's data for an installed site; pages also carry it inline. */
export async function publicSiteInfo(runtime: Runtime): Promise<SiteInfo> {
  const mail = { configured: smtpConfigured(await loadSmtpSettings(runtime.database)) };
  return presentSiteInfo(await loadSiteSettings(runtime), mail);
}
