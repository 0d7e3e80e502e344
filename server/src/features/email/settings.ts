import type { Db } from '../../db/connect.js';
import { type SmtpSettings, smtpConfigured } from '../../core/mailer.js';
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

/**
 * Whether mail can be sent, as every page carries it (siteinfo's `smtp_configured`): kept ten
 * seconds per database, dropped here at once when the settings are saved (other instances follow
 * within those seconds).
 */
const configuredFlags = new WeakMap<Db, { configured: boolean; until: number }>();
const FLAG_MS = 10_000;

export async function smtpConfiguredCached(db: Db): Promise<boolean> {
  const kept = configuredFlags.get(db);
  if (kept && kept.until > Date.now()) return kept.configured;
  const configured = smtpConfigured(await loadSmtpSettings(db));
  configuredFlags.set(db, { configured, until: Date.now() + FLAG_MS });
  return configured;
}

export async function saveSmtpSettings(db: Db, settings: SmtpSettings): Promise<void> {
  configuredFlags.delete(db);
  const value = JSON.stringify(settings);
  const updated = await db.updateTable('config').set({ value }).where('key', '=', KEY).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('config').values({ id: 33, key: KEY, value }).execute();
}
