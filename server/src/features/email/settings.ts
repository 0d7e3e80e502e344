import type { Db } from '../../db/connect.js';
import type { SmtpSettings } from '../../core/mailer.js';
import { SMTP_SEED } from '../install/seed-config.js';

const KEY = 'email.config';

/** SMTP settings live in the config row `email.config` (domain.md 13.4). */
export async function loadSmtpSettings(db: Db): Promise<SmtpSettings> {
  const row = await db.selectFrom('config').select('value').where('key', '=', KEY).executeTakeFirst();
  let stored: Partial<SmtpSettings> = {};
  try {
    stored = row ? (JSON.parse(row.value) as Partial<SmtpSettings>) : {};
  } catch {
    // An unreadable row behaves as "not configured": mail is skipped, the site keeps working.
  }
  return { ...(SMTP_SEED as SmtpSettings), ...stored };
}

export async function saveSmtpSettings(db: Db, settings: SmtpSettings): Promise<void> {
  const value = JSON.stringify(settings);
  const updated = await db.updateTable('config').set({ value }).where('key', '=', KEY).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('config').values({ id: 33, key: KEY, value }).execute();
}
