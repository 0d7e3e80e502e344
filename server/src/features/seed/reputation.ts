import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

const BATCH = 400;

/**
 * Sets every demo user's reputation to 1 plus their ledger, as the ranking, the reputation tab and
 * `answer check --counters` read it. The ledger rows were written with the votes and acceptances
 * they stand for (votes.ts), so reputation, votes and scores all agree.
 */
export async function settleReputation(db: Kysely<Database>, userIds: string[]): Promise<void> {
  const ledger = sql<number>`(SELECT COALESCE(SUM(a.rank), 0) FROM activity a WHERE a.user_id = ${sql.ref('user.id')} AND a.cancelled = 0)`;
  await db.transaction().execute(async (trx) => {
    // In slices: a million-question seed has 50,000 users, more than SQLite takes as parameters.
    for (let i = 0; i < userIds.length; i += BATCH) {
      await trx
        .updateTable('user')
        .set({ rank: sql<number>`1 + ${ledger}` })
        .where('id', 'in', userIds.slice(i, i + BATCH))
        .execute();
    }
  });
}
