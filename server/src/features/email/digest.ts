import { DIGEST_FREQUENCIES } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { t } from '../../core/i18n.js';
import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { createCodes, deleteExpiredCodes } from './codes.js';
import { loadMailSite, loadRecipients, type MailSite, type NotifyKind, type Recipient, unsubscribeHeaders, unsubscribePageUrl } from './notify-mail.js';
import { queueRenderedMails } from './service.js';
import { escapeHtml, htmlPage, linkify } from './templates.js';

/**
 * Digests (beyond upstream, docs/decisions.md): a user who picks daily or weekly gets their
 * notification mails as one grouped mail per period instead of one by one. The held mails are
 * `mail_digest_entry` rows; a timer sends due digests, each user claimed by moving `next_at`
 * conditionally inside the sending transaction, so several instances never send one twice.
 */
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
const PERIOD: Record<DigestFrequency, number> = { off: 0, daily: 86400, weekly: 7 * 86400 };
/** Sections of a digest, in the order they appear. */
const SECTIONS: NotifyKind[] = ['new_answer', 'new_comment', 'invited_you_to_answer', 'new_question'];
/** Items listed per section; the rest are counted ("and 12 more"). */
const SECTION_ITEMS = 50;
const TICK_MS = 60_000;
const CODE_CLEANUP_SECONDS = 3600;
const now = () => Math.floor(Date.now() / 1000);

export async function loadDigestFrequency(db: Kysely<Database>, userId: string): Promise<DigestFrequency> {
  const row = await db.selectFrom('mail_digest').select('frequency').where('user_id', '=', userId).executeTakeFirst();
  return (DIGEST_FREQUENCIES as readonly string[]).includes(row?.frequency ?? '') ? (row!.frequency as DigestFrequency) : 'off';
}

/**
 * Saves the choice. Switching on schedules the first digest one period ahead; switching off makes
 * the user due at once, so mails already held go out at the next tick instead of being lost.
 */
export async function saveDigestFrequency(db: Kysely<Database>, userId: string, frequency: DigestFrequency, at = now()): Promise<void> {
  if ((await loadDigestFrequency(db, userId)) === frequency) return;
  const values = { frequency, next_at: frequency === 'off' ? at : at + PERIOD[frequency], updated_at: at };
  const insert = db.insertInto('mail_digest').values({ user_id: userId, created_at: at, ...values });
  await (dialectOf(db) === 'mysql' ? insert.onDuplicateKeyUpdate(values) : insert.onConflict((oc) => oc.column('user_id').doUpdateSet(values))).execute();
}

/** Sends every digest due at `at` (tests pass a fake "now"); returns how many mails were queued. */
export async function runDigests(db: Db, at = now()): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await db
      .selectFrom('mail_digest')
      .select(['user_id', 'frequency', 'next_at'])
      .where('next_at', '>', 0)
      .where('next_at', '<=', at)
      .orderBy('next_at')
      .limit(100)
      .execute();
    for (const row of due) if (await sendDigest(db, String(row.user_id), row.frequency as DigestFrequency, Number(row.next_at), at)) sent++;
    if (due.length < 100) return sent;
  }
}

async function sendDigest(db: Db, userId: string, frequency: DigestFrequency, dueAt: number, at: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const period = PERIOD[frequency] ?? 0;
    const claimed = await trx
      .updateTable('mail_digest')
      .set({ next_at: period ? at + period : 0 })
      .where('user_id', '=', userId)
      .where('next_at', '=', dueAt)
      .executeTakeFirst();
    // Another instance took this user (or the user changed their choice meanwhile).
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const entries = await trx.selectFrom('mail_digest_entry').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    if (!entries.length) return false;
    await trx.deleteFrom('mail_digest_entry').where('user_id', '=', userId).where('id', '<=', entries[entries.length - 1]!.id).execute();
    const site = await loadMailSite(trx);
    const [recipient] = await loadRecipients(trx, site, [userId]);
    // An account that lost its address or was deleted: the held mails are dropped with the digest.
    if (!recipient) return false;
    const sources = [...new Set(entries.flatMap((e) => e.source.split(',').filter(Boolean)))];
    const [code] = await createCodes(trx, 'unsubscribe', [{ userId, payload: { sources } }]);
    const items = entries.map((e) => ({ kind: e.kind as NotifyKind, ...(JSON.parse(e.payload) as DigestItem) }));
    await queueRenderedMails(trx, [renderDigest(site, recipient, frequency, items, code!)]);
    return true;
  });
}

interface DigestItem {
  title: string;
  url: string;
  actor?: string;
  summary?: string;
}

/** One mail: a heading per kind with its count, each item a title line with who did it and a link. */
export function renderDigest(site: MailSite, r: Recipient, frequency: DigestFrequency, items: (DigestItem & { kind: NotifyKind })[], code: string) {
  const lang = r.lang;
  const unsubscribeUrl = unsubscribePageUrl(site, code);
  const settingsUrl = `${site.url}/users/settings/notify`;
  const period = frequency === 'weekly' ? 'weekly' : 'daily';
  const subject = t(lang, `email_tpl.digest.title_${period}`, { SiteName: site.name, Count: items.length });
  const intro = t(lang, `email_tpl.digest.intro_${period}`, { SiteName: site.name, Count: items.length });
  const text: string[] = [intro];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  for (const kind of SECTIONS) {
    const group = items.filter((i) => i.kind === kind);
    if (!group.length) continue;
    const heading = t(lang, `email_tpl.digest.section.${kind}`, { Count: group.length });
    const shown = group.slice(0, SECTION_ITEMS);
    const line = (i: DigestItem) => (i.actor ? t(lang, 'email_tpl.digest.item', { QuestionTitle: i.title, DisplayName: i.actor }) : i.title);
    text.push(`${heading}\n${shown.map((i) => `- ${line(i)}\n  ${i.url}`).join('\n')}`);
    const more = group.length - shown.length;
    if (more > 0) text.push(t(lang, 'email_tpl.digest.more', { Count: more }));
    html.push(
      `<h3 style="font-size:1.05em;margin:1.2em 0 .4em">${escapeHtml(heading)}</h3><ul>` +
        shown
          .map((i) => {
            const summary = i.summary ? `<br><span style="color:#555">${escapeHtml(i.summary)}</span>` : '';
            return `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>${i.actor ? ` - ${escapeHtml(i.actor)}` : ''}${summary}</li>`;
          })
          .join('') +
        `</ul>${more > 0 ? `<p>${escapeHtml(t(lang, 'email_tpl.digest.more', { Count: more }))}</p>` : ''}`,
    );
  }
  const footer = t(lang, 'email_tpl.digest.footer', { SiteName: site.name, SettingsUrl: settingsUrl, UnsubscribeUrl: unsubscribeUrl });
  text.push(footer);
  html.push(footer.split(/\n{2,}/).map((p) => `<p>${linkify(escapeHtml(p), [settingsUrl, unsubscribeUrl]).replace(/\n/g, '<br>')}</p>`).join(''));
  return { to: r.email, subject, text: text.join('\n\n'), html: htmlPage(html.join('')), headers: unsubscribeHeaders(site, code) };
}

/** Runs the digest sender every minute while the app is up (and old unsubscribe codes away hourly). */
export function scheduleDigests(app: FastifyInstance, runtime: Runtime): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastCleanup = 0;
  const tick = () => {
    if (running || !runtime.installed || !runtime.db) return;
    const db = runtime.db;
    running = (async () => {
      const at = now();
      await runDigests(db, at);
      if (at - lastCleanup >= CODE_CLEANUP_SECONDS) {
        lastCleanup = at;
        await deleteExpiredCodes(db, 'unsubscribe', at);
      }
    })()
      .catch((err) => app.log.error({ err }, 'digest mails failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer ??= setInterval(tick, TICK_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
