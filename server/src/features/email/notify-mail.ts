import { API_PREFIX } from '@answer/contract';
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/i18n.js';
import type { Mail } from '../../core/mailer.js';
import type { Database } from '../../db/schema.js';
import { createCodes } from './codes.js';
import { queueRenderedMails } from './service.js';
import { renderMail, type Template } from './templates.js';

/**
 * What notification mails (domain.md 8.5, 8.6) share: who may receive them, the site's name and
 * links, the unsubscribe link and headers, and the choice between sending now and holding the
 * mail for the receiver's digest. Everything runs in the caller's transaction, in batches.
 */
export interface MailSite {
  name: string;
  url: string;
  language: string;
  permalink: number;
}

/** One receiver of a notification mail. */
export interface Recipient {
  id: string;
  email: string;
  /** The language the mail is written in (the user's, else the site's). */
  lang: string;
  /** Whether the user takes these mails as a daily or weekly digest. */
  digest: boolean;
}

/** The notification kinds a mail (or digest entry) can be about. */
export type NotifyKind = 'new_answer' | 'new_comment' | 'invited_you_to_answer' | 'new_question';

/** A would-be mail: its template variables and, for the digest, a one-line summary of it. */
export interface NotifyItem {
  kind: NotifyKind;
  /** Notification sources the unsubscribe link switches off. */
  sources: string[];
  vars: Record<string, string>;
  entry: { title: string; url: string; actor?: string; summary?: string };
}

const now = () => Math.floor(Date.now() / 1000);
const CHUNK = 200;

/** Site name, address, language and link style, read in the caller's transaction. */
export async function loadMailSite(db: Kysely<Database>): Promise<MailSite> {
  const rows = await db.selectFrom('site_info').select(['type', 'content']).where('type', 'in', ['general', 'interface', 'seo']).where('status', '=', 1).execute();
  const group = (type: string): Record<string, unknown> => {
    try {
      return JSON.parse(rows.find((r) => r.type === type)?.content ?? '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const general = group('general');
  const language = String(group('interface').language ?? '');
  return {
    name: String(general.name ?? 'Answer'),
    url: String(general.site_url ?? '').replace(/\/+$/, ''),
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    permalink: Number(group('seo').permalink ?? 2) || 2,
  };
}

/** The receiver's language, else the site's (domain.md 17.1). */
export const mailLanguage = (userLanguage: string, site: MailSite) =>
  userLanguage && userLanguage !== 'Default' && isLanguage(userLanguage) ? userLanguage : site.language;

export const unsubscribePageUrl = (site: MailSite, code: string) => `${site.url}/users/unsubscribe?code=${encodeURIComponent(code)}`;
/** The RFC 8058 one-click target: a POST there switches the mails off without login. */
export const oneClickUrl = (site: MailSite, code: string) => `${site.url}${API_PREFIX}/user/notification/unsubscribe?code=${encodeURIComponent(code)}`;

/** The unsubscribe headers every notification mail carries (RFC 2369 and RFC 8058). */
export const unsubscribeHeaders = (site: MailSite, code: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl(site, code)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Users who may get notification mail, with their language and digest choice: an address,
 * verified, account not deleted. Batched for long lists of ids.
 */
export async function loadRecipients(db: Kysely<Database>, site: MailSite, userIds: string[]): Promise<Recipient[]> {
  const out: Recipient[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('user')
      .leftJoin('mail_digest', 'mail_digest.user_id', 'user.id')
      .select(['user.id', 'user.e_mail', 'user.language', 'mail_digest.frequency'])
      .where('user.id', 'in', userIds.slice(i, i + 500))
      .where('user.status', '!=', 10)
      .where('user.mail_status', '=', 1)
      .where('user.e_mail', '!=', '')
      .execute();
    for (const r of rows) {
      out.push({
        id: String(r.id),
        email: r.e_mail,
        lang: mailLanguage(r.language, site),
        digest: r.frequency === 'daily' || r.frequency === 'weekly',
      });
    }
  }
  return out;
}

/**
 * Sends `item` to every recipient: digest users get a digest entry, the others a mail through the
 * outbox (retried on SMTP failure) with its own unsubscribe code. `itemFor` may tailor the item
 * per recipient (the unsubscribe sources of a new-question mail differ per user).
 */
export async function deliver(db: Kysely<Database>, site: MailSite, recipients: Recipient[], itemFor: (r: Recipient) => NotifyItem): Promise<void> {
  const t = now();
  const held = recipients.filter((r) => r.digest);
  const direct = recipients.filter((r) => !r.digest);
  for (let i = 0; i < held.length; i += CHUNK) {
    const rows = held.slice(i, i + CHUNK).map((r) => {
      const item = itemFor(r);
      return { user_id: r.id, kind: item.kind, source: item.sources.join(','), payload: JSON.stringify(item.entry), created_at: t };
    });
    await db.insertInto('mail_digest_entry').values(rows).execute();
  }
  for (let i = 0; i < direct.length; i += CHUNK) {
    const chunk = direct.slice(i, i + CHUNK);
    const items = chunk.map(itemFor);
    const codes = await createCodes(db, 'unsubscribe', chunk.map((r, j) => ({ userId: r.id, payload: { sources: items[j]!.sources } })));
    const mails: Mail[] = chunk.map((r, j) => {
      const code = codes[j]!;
      const mail = renderMail(r.lang, items[j]!.kind as Template, r.email, {
        SiteName: site.name,
        ...items[j]!.vars,
        UnsubscribeUrl: unsubscribePageUrl(site, code),
      });
      return { ...mail, headers: unsubscribeHeaders(site, code) };
    });
    await queueRenderedMails(db, mails);
  }
}
