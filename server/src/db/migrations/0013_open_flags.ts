import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One open flag per user and object (docs/decisions.md, flags): `open_object_id` holds the flagged
 * object's id while the flag waits for review and NULL once it is handled, and a unique key on
 * (user_id, open_object_id) refuses a second open flag. NULLs never collide on any of the three
 * databases, so handled flags pile up freely. Upstream allowed repeats: of an existing user's
 * pending repeats only the oldest takes the key (the others stay pending and are handled with it).
 */
export const openFlags: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('report').addColumn('open_object_id', 'bigint').execute();
    await sql`UPDATE report SET open_object_id = object_id WHERE status = 1 AND id IN (SELECT id FROM (SELECT MIN(id) AS id FROM report WHERE status = 1 GROUP BY user_id, object_id) oldest)`.execute(db);
    await db.schema.createIndex('uq_report_user_id_open_object_id').on('report').columns(['user_id', 'open_object_id']).unique().execute();
  },
};
