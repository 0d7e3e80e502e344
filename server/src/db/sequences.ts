import { sql, type Kysely } from 'kysely';
import { dialectOf } from './migrations/dialect.js';
import type { Database } from './schema.js';

/** Tables whose key is a 17-digit object id drawn from the shared uniqid sequence (db/uniqid.ts). */
export const OBJECT_ID_TABLES = ['question', 'answer', 'comment', 'tag', 'report', 'collection', 'badge', 'badge_award'] as const;

const SEQUENCE_DIGITS = 10n ** 13n;

/**
 * After rows were written with their ids given (an import, a restore), moves every id generator past
 * them so the site's next insert cannot collide:
 * - autoincrement keys: SQLite and InnoDB advance by themselves on an explicit id, PostgreSQL's
 *   sequences do not, so they are set to the table's largest id;
 * - object ids: their 13-digit sequence comes from the uniqid table, which the imported rows never
 *   passed through, so a row at the largest sequence in use is added there.
 */
export async function advanceSequences(db: Kysely<Database>): Promise<void> {
  let highest = 0n;
  for (const table of OBJECT_ID_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max<string | number | null>(sql`id`).as('id'))
      .executeTakeFirst();
    if (row?.id != null) {
      const seq = BigInt(row.id) % SEQUENCE_DIGITS;
      if (seq > highest) highest = seq;
    }
  }
  const used = await db.selectFrom('uniqid').select((eb) => eb.fn.max<string | number | null>('id').as('id')).executeTakeFirst();
  if (highest > BigInt(used?.id ?? 0)) await db.insertInto('uniqid').values({ id: String(highest), uniqid_type: 0 } as never).execute();
  if (dialectOf(db) !== 'postgres') return;
  const serials = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and column_default like 'nextval(%'`.execute(db);
  for (const { table_name: table } of serials.rows) {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
  }
}
