import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';

const DAY = 86400;

export interface DatabaseFacts {
  database_type: 'sqlite' | 'postgres' | 'mysql';
  database_version: string;
  database_bytes: number;
}

/** Server version and size of the site's database, asked the way each dialect offers. */
export async function databaseFacts(db: Db, connection: string): Promise<DatabaseFacts> {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') {
    const { rows } = await sql<{ v: string; s: string }>`SELECT version() AS v, pg_database_size(current_database()) AS s`.execute(db);
    return { database_type: 'postgres', database_version: String(rows[0]?.v ?? ''), database_bytes: Number(rows[0]?.s ?? 0) };
  }
  if (dialect === 'mysql') {
    const { rows } = await sql<{ v: string; s: string | null }>`
      SELECT VERSION() AS v,
        (SELECT SUM(data_length + index_length) FROM information_schema.tables WHERE table_schema = DATABASE()) AS s`.execute(db);
    return { database_type: 'mysql', database_version: String(rows[0]?.v ?? ''), database_bytes: Number(rows[0]?.s ?? 0) };
  }
  const { rows } = await sql<{ v: string }>`SELECT sqlite_version() AS v`.execute(db);
  // The write-ahead log holds committed pages not yet copied into the main file.
  const size = [connection, `${connection}-wal`].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
  return { database_type: 'sqlite', database_version: String(rows[0]?.v ?? ''), database_bytes: size };
}

type DailyTable = 'question' | 'answer' | 'user';

/**
 * New rows per UTC day of one table since `fromDay` (a day number, unix seconds / 86400), limited to
 * the given statuses. Integer division of the bigint column: `/` on PostgreSQL and SQLite, DIV on MySQL.
 */
export async function perDay(db: Db, table: DailyTable, fromDay: number, statuses: number[]): Promise<Map<number, number>> {
  const day = dialectOf(db) === 'mysql' ? sql<number>`created_at DIV ${sql.lit(DAY)}` : sql<number>`created_at / ${sql.lit(DAY)}`;
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', fromDay * DAY)
    .where('status', 'in', statuses)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}
