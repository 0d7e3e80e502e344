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

/** The outbox handler: no SMTP host means mail is switched off, so the message is dropped. */
export function mailHandler(runtime: Runtime) {
  return async (mail: Mail) => {
    const settings = await loadSmtpSettings(runtime.database);
    if (!smtpConfigured(settings)) return;
    await sendMail(settings, mail);
  };
}
