import type { Kysely, Migration } from 'kysely';

/**
 * The user directory ranks the last 7 days of activity (domain.md 11.5). Without an index on the
 * creation time every request would read the whole activity table; with it, only the window.
 */
export const activityTimeIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_activity_created_at').on('activity').column('created_at').execute();
  },
};
