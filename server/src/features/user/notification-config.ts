import { NOTIFICATION_SOURCES } from '@answer/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { notificationConfigSchema } from '@answer/contract';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { peekCode } from '../email/codes.js';
import { loadDigestFrequency, saveDigestFrequency } from '../email/digest.js';

type Source = (typeof NOTIFICATION_SOURCES)[number];
const now = () => Math.floor(Date.now() / 1000);

/**
 * What every new account starts with (domain.md 8.7): inbox notifications also by e-mail, the two
 * new-question mails off. Registration, the installer and admin-created users all call this (the
 * upstream quirk of installer/admin users without rows, hence without any mail, is not copied).
 * Existing rows are kept, so calling it twice changes nothing.
 */
export const DEFAULT_NOTIFICATION_CONFIG: Record<Source, boolean> = {
  inbox: true,
  all_new_question: false,
  all_new_question_for_following_tags: false,
};

export async function applyDefaultNotificationConfig(trx: Kysely<Database>, userId: string | number): Promise<void> {
  const t = now();
  const rows = NOTIFICATION_SOURCES.map((source) => {
    const enable = DEFAULT_NOTIFICATION_CONFIG[source];
    return { user_id: String(userId), source, enabled: enable ? 1 : 0, channels: JSON.stringify([{ key: 'email', enable }]), created_at: t, updated_at: t };
  });
  const insert = trx.insertInto('user_notification_config');
  await (dialectOf(trx) === 'mysql' ? insert.orIgnore().values(rows) : insert.values(rows).onConflict((oc) => oc.columns(['user_id', 'source']).doNothing())).execute();
}

/**
 * Per-source e-mail switches (domain.md 8.7), shaped as the web reads them: {source: {key, enable}},
 * plus `digest` (off | daily | weekly), which upstream clients ignore.
 */
export async function loadNotificationConfig(db: Db, userId: string) {
  const rows = await db.selectFrom('user_notification_config').select(['source', 'enabled']).where('user_id', '=', userId).execute();
  const enabled = new Map(rows.map((r) => [r.source, Number(r.enabled) === 1]));
  return {
    ...Object.fromEntries(NOTIFICATION_SOURCES.map((s) => [s, { key: 'email', enable: enabled.get(s) ?? false }])),
    digest: await loadDigestFrequency(db, userId),
  };
}

/**
 * Inserts or updates one switch in a single statement on the (user_id, source) unique key, so two
 * saves at the same moment cannot both try the insert (the loser used to fail with a 500).
 */
async function setSource(db: Kysely<Database>, userId: string, source: Source, enable: boolean) {
  const values = { enabled: enable ? 1 : 0, channels: JSON.stringify([{ key: 'email', enable }]), updated_at: now() };
  const insert = db.insertInto('user_notification_config').values({ user_id: userId, source, created_at: now(), ...values });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate(values)
    : insert.onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet(values))
  ).execute();
}

/** Saves the sources sent; an absent source or `digest` stays as it was (upstream clients send no digest). */
export async function saveNotificationConfig(db: Db, userId: string, input: z.infer<typeof notificationConfigSchema>) {
  for (const source of NOTIFICATION_SOURCES) {
    const value = input[source];
    if (value) await setSource(db, userId, source, value.enable);
  }
  if (input.digest) await saveDigestFrequency(db, userId, input.digest);
}

/**
 * Unsubscribe links name the sources they switch off; without a list they switch off all. Turning
 * something off twice is harmless, so a link keeps working until it expires (a mail client's
 * one-click POST and the person opening the page may both use it).
 */
export async function unsubscribe(db: Db, code: string) {
  const found = await peekCode(db, 'unsubscribe', typeof code === 'string' ? code : '');
  if (!found) throw badRequest('error.email.unsubscribe_url_invalid');
  const listed = Array.isArray(found.payload.sources) ? (found.payload.sources as string[]) : [...NOTIFICATION_SOURCES];
  for (const source of NOTIFICATION_SOURCES) {
    if (listed.includes(source)) await setSource(db, found.userId, source, false);
  }
}
