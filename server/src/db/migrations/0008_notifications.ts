import { type Kysely, type Migration, sql } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * In-app notifications (domain.md 8):
 * - `notification.dedupe_key`: set on rows that must exist at most once per receiver (an
 *   achievement per object, the notice of a voter's first vote, a badge award). A unique index on
 *   (user_id, dedupe_key) makes "insert if absent" one statement; NULL keys never collide.
 * - an index for the list, which reads one user's stream newest first;
 * - `notification_state`: the red-dot counters, one row per user, changed with atomic increments
 *   in the transaction that creates the notification (upstream keeps them only in a cache).
 */
export const notifications: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await db.schema.alterTable('notification').addColumn('dedupe_key', sql`varchar(191)`).execute();
    await db.schema.createIndex('idx_notification_dedupe').on('notification').columns(['user_id', 'dedupe_key']).unique().execute();
    await db.schema.createIndex('idx_notification_list').on('notification').columns(['user_id', 'type', 'updated_at']).execute();
    await b.create('notification_state', (t) => {
      t = t.addColumn('user_id', 'bigint', (c) => c.primaryKey());
      t = b.int(t, 'inbox');
      t = b.int(t, 'achievement');
      return b.time(t, 'updated_at');
    });
  },
};
