import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One upvote the demo data records in the ledger. */
export interface SeedUpvote {
  answerId: string;
  questionId: string;
  authorId: string;
  answeredAt: number;
}

const ANSWER_VOTED_UP = 2;
const UPVOTE_RANK = 10;
const BATCH = 400;

/**
 * Gives the demo data a real reputation ledger: each sampled upvote becomes the answer author's
 * `answer.voted_up` row (+10) at a time between the answer and now, and every demo user's reputation
 * is then 1 plus their ledger, as the ranking, the reputation tab and `answer check --counters` read
 * it. Vote counts on posts stay synthetic: the demo has no vote rows.
 */
export async function seedReputation(db: Kysely<Database>, upvotes: SeedUpvote[], userIds: string[], now: number): Promise<void> {
  const rows = upvotes.map((v) => {
    let voter = userIds[randomInt(userIds.length)]!;
    if (voter === v.authorId) voter = userIds[(userIds.indexOf(voter) + 1) % userIds.length]!;
    const at = v.answeredAt + randomInt(Math.max(1, now - v.answeredAt));
    return {
      created_at: at,
      updated_at: at,
      user_id: v.authorId,
      trigger_user_id: voter,
      object_id: v.answerId,
      original_object_id: v.questionId,
      activity_type: ANSWER_VOTED_UP,
      rank: UPVOTE_RANK,
      has_rank: 1,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) await trx.insertInto('activity').values(rows.slice(i, i + BATCH)).execute();
    const ledger = sql<number>`(SELECT COALESCE(SUM(a.rank), 0) FROM activity a WHERE a.user_id = ${sql.ref('user.id')} AND a.cancelled = 0)`;
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
