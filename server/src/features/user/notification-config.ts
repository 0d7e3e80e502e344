import { NOTIFICATION_SOURCES } from '@answer/contract';
import type { z } from 'zod';
import type { notificationConfigSchema } from '@answer/contract';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import { consumeCode } from '../email/codes.js';

type Source = (typeof NOTIFICATION_SOURCES)[number];
const now = () => Math.floor(Date.now() / 1000);

/** Per-source e-mail switches (domain.md 8.7), shaped as the web reads them: {source: {key, enable}}. */
export async function loadNotificationConfig(db: Db, userId: string) {
  const rows = await db.selectFrom('user_notification_config').select(['source', 'enabled']).where('user_id', '=', userId).execute();
  const enabled = new Map(rows.map((r) => [r.source, Number(r.enabled) === 1]));
  return Object.fromEntries(NOTIFICATION_SOURCES.map((s) => [s, { key: 'email', enable: enabled.get(s) ?? false }]));
}

/**
 * Inserts or updates one switch in a single statement on the (user_id, source) unique key, so two
 * saves at the same moment cannot both try the insert (the loser used to fail with a 500).
 */
async function setSource(db: Db, userId: string, source: Source, enable: boolean) {
  const values = { enabled: enable ? 1 : 0, channels: JSON.stringify([{ key: 'email', enable }]), updated_at: now() };
  const insert = db.insertInto('user_notification_config').values({ user_id: userId, source, created_at: now(), ...values });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate(values)
    : insert.onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet(values))
  ).execute();
}

export async function saveNotificationConfig(db: Db, userId: string, input: z.infer<typeof notificationConfigSchema>) {
  for (const source of NOTIFICATION_SOURCES) {
    const value = input[source];
    if (value) await setSource(db, userId, source, value.enable);
  }
}

/** Unsubscribe links name the sources they switch off; without a list they switch off all. */
export async function unsubscribe(db: Db, code: string) {
  const found = await consumeCode(db, 'unsubscribe', code);
  if (!found) throw badRequest('error.email.verify_url_expired');
  const listed = Array.isArray(found.payload.sources) ? (found.payload.sources as string[]) : [...NOTIFICATION_SOURCES];
  for (const source of NOTIFICATION_SOURCES) {
    if (listed.includes(source)) await setSource(db, found.userId, source, false);
  }
}
