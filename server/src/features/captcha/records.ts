import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';

const now = () => Math.floor(Date.now() / 1000);
const key = (subject: string) => subject.slice(0, 191);

/**
 * Captcha and limit counters: one row per (action, subject, window), where the window is the
 * current multiple of the rule's length (fixed windows, so a counter is one row, not a scan).
 * An attempt increments the row and reads it back in one transaction: the row lock orders
 * concurrent attempts, so each sees its exact rank and a burst can never get past a limit.
 */
export interface Ticket {
  action: string;
  subject: string;
  bucket: number;
  /** Attempts in this window, this one included. */
  count: number;
  /** Whether the attempt before this one came less than `gapSeconds` ago. */
  tooSoon: boolean;
}

export async function takeTicket(db: Db, action: string, subject: string, windowSeconds: number, gapSeconds = 0): Promise<Ticket> {
  const t = now();
  const bucket = Math.floor(t / windowSeconds);
  const row = { action, subject: key(subject), bucket };
  for (;;) {
    const taken = await db.transaction().execute(async (trx) => {
      // Column order matters on MySQL, which assigns left to right: prev_at takes the old last_at.
      const updated = await trx
        .updateTable('action_counter')
        .set((eb) => ({ count: eb('count', '+', 1), prev_at: eb.ref('last_at'), last_at: t }))
        .where('action', '=', row.action)
        .where('subject', '=', row.subject)
        .where('bucket', '=', bucket)
        .executeTakeFirst();
      if (!Number(updated.numUpdatedRows)) return null;
      return trx
        .selectFrom('action_counter')
        .select(['count', 'prev_at'])
        .where('action', '=', row.action)
        .where('subject', '=', row.subject)
        .where('bucket', '=', bucket)
        .executeTakeFirstOrThrow();
    });
    if (taken) {
      const prev = Number(taken.prev_at);
      return { ...row, count: Number(taken.count), tooSoon: gapSeconds > 0 && prev > 0 && t - prev < gapSeconds };
    }
    // First attempt of the window: create the row outside the increment's transaction (so MySQL
    // takes no key lock that two first attempts could deadlock on), then increment it.
    await createCounter(db, { ...row, expires_at: (bucket + 1) * windowSeconds });
    // Expired windows are useless; trimming when a new window opens keeps the table small without a cron.
    await db.deleteFrom('action_counter').where('expires_at', '<', t - 86400).execute();
  }
}

async function createCounter(db: Db, row: { action: string; subject: string; bucket: number; expires_at: number }) {
  const values = { ...row, count: 0, last_at: 0, prev_at: 0 };
  if (dialectOf(db) === 'mysql') await db.insertInto('action_counter').orIgnore().values(values).execute();
  else await db.insertInto('action_counter').values(values).onConflict((oc) => oc.doNothing()).execute();
}

/** Takes back attempts that should not count after all (see the route's `countOn`). */
export async function returnTickets(db: Db, tickets: Ticket[]): Promise<void> {
  for (const ticket of tickets) {
    await db
      .updateTable('action_counter')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('action', '=', ticket.action)
      .where('subject', '=', ticket.subject)
      .where('bucket', '=', ticket.bucket)
      .where('count', '>', 0)
      .execute();
  }
}

/** Read-only view of the current window, for "will the next attempt need a captcha?". */
export async function peekCounter(db: Db, action: string, subject: string, windowSeconds: number) {
  const row = await db
    .selectFrom('action_counter')
    .select(['count', 'last_at'])
    .where('action', '=', action)
    .where('subject', '=', key(subject))
    .where('bucket', '=', Math.floor(now() / windowSeconds))
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: Number(row?.last_at ?? 0) };
}

/** Forgets a subject's attempts of one action (a successful login clears its failures). */
export async function clearCounter(db: Db, action: string, subject: string): Promise<void> {
  await db.deleteFrom('action_counter').where('action', '=', action).where('subject', '=', key(subject)).execute();
}
