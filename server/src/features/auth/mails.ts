import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/i18n.js';
import type { Database } from '../../db/schema.js';
import { queueMail } from '../email/service.js';
import type { Template } from '../email/templates.js';
import type { SiteSettings } from '../siteinfo/service.js';

/** The receiver's language, else the site's (domain.md 1.6). */
export function mailLanguage(userLanguage: string, settings: SiteSettings): string {
  if (userLanguage && userLanguage !== 'Default' && isLanguage(userLanguage)) return userLanguage;
  return isLanguage(settings.interface.language) ? settings.interface.language : DEFAULT_LANGUAGE;
}

/** Queues a mail whose only action is a link to a page of the site carrying a code. */
export async function queueLinkMail(
  db: Kysely<Database> | Transaction<Database>,
  settings: SiteSettings,
  opts: { to: string; userLanguage: string; template: Template; path: string; code: string },
): Promise<void> {
  const link = `${settings.general.site_url}${opts.path}?code=${encodeURIComponent(opts.code)}`;
  await queueMail(db, {
    to: opts.to,
    lang: mailLanguage(opts.userLanguage, settings),
    template: opts.template,
    vars: { SiteName: settings.general.name, Link: link },
  });
}
