import type { Kysely } from 'kysely';
import { sqliteConnectionOf } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { TableEntry } from './manifest.js';

export type RowWriter = (rows: Record<string, unknown>[]) => Promise<void>;

/**
 * Inserts a table's rows inside the restore's transaction. On SQLite one prepared single-row INSERT
 * is run for every row on the transaction's own connection (the connection is the transaction
 * there), about four times faster than building a multi-row statement per batch; the servers get a
 * multi-row INSERT per batch, one round trip each.
 */
export function rowWriter(db: Kysely<any>, trx: Kysely<any>, table: TableEntry): RowWriter {
  const connection = dialectOf(db) === 'sqlite3' ? sqliteConnectionOf(db) : undefined;
  if (!connection) return async (rows) => void (await trx.insertInto(table.name).values(rows).execute());
  // Table and column names come from the manifest, which allows only [a-z0-9_] in them.
  const columns = table.columns.map((c) => `"${c}"`).join(', ');
  const insert = connection.prepare(`INSERT INTO "${table.name}" (${columns}) VALUES (${table.columns.map(() => '?').join(', ')})`);
  return async (rows) => {
    for (const row of rows) insert.run(table.columns.map((c) => row[c] ?? null));
  };
}
