import type { Kysely, Transaction } from 'kysely';
import { enqueue } from '../../core/outbox.js';
import { type Mail, sendMail, smtpConfigured } from '../../core/mailer.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { loadSmtpSettings } from './settings.js';
import { renderMail, type Template } from './templates.js';

export const MAIL_TOPIC = 'mail.send';

/** Queues a translated e-mail in the caller's transaction; the outbox worker delivers it. */
export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: { to: string; lang: string; template: Template; vars: Record<string, string> },
): Promise<void> {
  await enqueue(db, MAIL_TOPIC, renderMail(mail.lang, mail.template, mail.to, mail.vars));
}

/** Queues already rendered mails (notification mails carry their own headers), in batched inserts. */
export async function queueRenderedMails(db: Kysely<Database> | Transaction<Database>, mails: Mail[]): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  const rows = mails.map((mail) => ({ topic: MAIL_TOPIC, payload: JSON.stringify(mail), created_at: t, available_at: t }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('outbox').values(rows.slice(i, i + 200)).execute();
}

/** The outbox handler: no SMTP host means mail is switched off, so the message is dropped. */
export function mailHandler(runtime: Runtime) {
  return async (mail: Mail) => {
    const settings = await loadSmtpSettings(runtime.database);
    if (!smtpConfigured(settings)) return;
    await sendMail(settings, mail);
  };
}
