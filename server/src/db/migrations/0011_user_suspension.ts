import type { Kysely, Migration } from 'kysely';

/**
 * Suspensions with an end (beyond upstream, docs/decisions.md, admin users): `user.suspended_until`
 * is when the account becomes available again by itself (0 = until an admin lifts it). The index
 * lets the lifting of ended suspensions find its rows without reading every user.
 */
export const userSuspension: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user').addColumn('suspended_until', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('idx_user_suspended_until').on('user').column('suspended_until').execute();
  },
};
