import type { Db } from '../../db/connect.js';

const now = () => Math.floor(Date.now() / 1000);
const KEEP_SECONDS = 2 * 86400;

/** Action counters: one row per attempt, counted over a time window (several instances share them). */
export async function recordAction(db: Db, action: string, subject: string): Promise<void> {
  const t = now();
  await db.insertInto('action_record').values({ action, subject: subject.slice(0, 191), created_at: t }).execute();
  // Old rows are useless; trimming on roughly one write in fifty keeps the table small without a cron.
  if (Math.random() < 0.02) await db.deleteFrom('action_record').where('created_at', '<', t - KEEP_SECONDS).execute();
}

export async function countActions(db: Db, action: string, subject: string, windowSeconds: number) {
  const row = await db
    .selectFrom('action_record')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('last')])
    .where('action', '=', action)
    .where('subject', '=', subject.slice(0, 191))
    .where('created_at', '>=', now() - windowSeconds)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
}

export async function clearActions(db: Db, action: string, subject: string): Promise<void> {
  await db.deleteFrom('action_record').where('action', '=', action).where('subject', '=', subject.slice(0, 191)).execute();
}
