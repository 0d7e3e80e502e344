import { counts } from './metrics-counts.js';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connect.js';
import { dialectOf } from '../db/migrations/dialect.js';
import type { Database } from '../db/schema.js';

/**
 * Side effects that may run later (e-mails, notifications, badges) are written to the
 * outbox in the same transaction as the change, then run by a worker. A crash loses nothing, and
 * several instances share the work: a row is claimed with a conditional UPDATE before it runs.
 */
export type OutboxHandler = (payload: any) => Promise<void>;
/**
 * A handler whose effects are all database writes: it runs in the transaction that marks its row
 * done, so its effects happen exactly once even when a crash or a retry runs the row again.
 */
export type OutboxTxHandler = (payload: any, trx: Transaction<Database>) => Promise<void>;

/** After this many failed attempts a row is parked as done with its last error (the dashboard counts those). */
export const MAX_ATTEMPTS = 6;
const LOCK_SECONDS = 60;
const POLL_MS = 5_000;
const now = () => Math.floor(Date.now() / 1000);

export async function enqueue(db: Kysely<Database> | Transaction<Database>, topic: string, payload: unknown): Promise<void> {
  const t = now();
  await db.insertInto('outbox').values({ topic, payload: JSON.stringify(payload), created_at: t, available_at: t }).execute();
}

/**
 * Payloads of rows of `topic` still to run, oldest first: for a handler that does several rows'
 * work in one go (embeddings are sent to the provider in batches). Their own rows still run
 * later and find the work done.
 */
export async function pendingPayloads(db: Kysely<Database>, topic: string, limit: number): Promise<unknown[]> {
  const rows = await db.selectFrom('outbox').select('payload').where('topic', '=', topic).where('done_at', '=', 0).orderBy('id').limit(limit).execute();
  return rows.map((r) => JSON.parse(r.payload) as unknown);
}

export class OutboxWorker {
  private readonly handlers = new Map<string, OutboxHandler>();
  private readonly txHandlers = new Map<string, OutboxTxHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly db: () => Db | null, private readonly log: (msg: string, err?: unknown) => void) {}

  on(topic: string, handler: OutboxHandler): void {
    this.handlers.set(topic, handler);
  }

  onTx(topic: string, handler: OutboxTxHandler): void {
    this.txHandlers.set(topic, handler);
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), POLL_MS).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs due rows soon; calls made while a drain runs make it go round once more. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      // Handlers may queue further rows (a notification queues its e-mail): go round until a pass
      // finds nothing due.
      let handled = 0;
      do {
        this.again = false;
        handled = await this.drain();
      } while (this.again || handled > 0);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once nothing is due (tests use it to wait for e-mails). */
  async idle(): Promise<void> {
    await this.kick();
  }

  /** Runs the rows due now; returns how many it claimed. */
  private async drain(): Promise<number> {
    const db = this.db();
    if (!db) return 0;
    const t = now();
    const due = await db
      .selectFrom('outbox')
      .select(['id', 'topic', 'payload', 'attempts'])
      .where('done_at', '=', 0)
      .where('available_at', '<=', t)
      .where('locked_until', '<', t)
      .orderBy('id')
      .limit(50)
      .execute();
    let claimedRows = 0;
    for (const row of due) {
      const claimed = await db
        .updateTable('outbox')
        .set({ locked_until: t + LOCK_SECONDS })
        .where('id', '=', row.id)
        .where('locked_until', '<', t)
        .where('done_at', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      claimedRows++;
      const handler = this.handlers.get(row.topic);
      const txHandler = this.txHandlers.get(row.topic);
      try {
        if (txHandler) {
          // Read committed (PostgreSQL's default; MariaDB's is repeatable read): each statement
          // sees what committed before it and takes no gap locks, so a consumer neither reads a
          // stale ledger nor deadlocks with the requests that publish events.
          const tx = dialectOf(db) === 'sqlite3' ? db.transaction() : db.transaction().setIsolationLevel('read committed');
          await tx.execute(async (trx) => {
            // Marked done first: a second runner whose claim outlived its lock blocks here, then
            // finds the row done and rolls back instead of repeating the effects.
            const done = await trx.updateTable('outbox').set({ done_at: now() }).where('id', '=', row.id).where('done_at', '=', 0).executeTakeFirst();
            if (Number(done.numUpdatedRows) !== 1) return;
            await txHandler(JSON.parse(row.payload), trx);
          });
        } else {
          if (!handler) throw new Error(`no handler for outbox topic "${row.topic}"`);
          await handler(JSON.parse(row.payload));
          await db.updateTable('outbox').set({ done_at: now() }).where('id', '=', row.id).execute();
        }
      } catch (err) {
        const attempts = Number(row.attempts) + 1;
        counts.outboxFailures.set(row.topic, (counts.outboxFailures.get(row.topic) ?? 0) + 1);
        this.log(`outbox ${row.topic} #${row.id} failed (attempt ${attempts})`, err);
        // Exponential back-off; after the last attempt the row is parked as done with its error kept.
        await db
          .updateTable('outbox')
          .set({
            attempts,
            locked_until: 0,
            available_at: now() + 2 ** attempts * 5,
            last_error: String(err instanceof Error ? err.message : err).slice(0, 1000),
            done_at: attempts >= MAX_ATTEMPTS ? now() : 0,
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return claimedRows;
  }
}
