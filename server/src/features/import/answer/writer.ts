import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../../../db/migrations/dialect.js';
import type { Database } from '../../../db/schema.js';

/**
 * Inserts rows that may already be there from an interrupted run: a row whose id (or other unique
 * key) exists is left as it is, so running the import again adds only what is missing.
 */
export async function insertMissing(trx: Transaction<Database> | Kysely<Database>, table: keyof Database, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const any = trx as unknown as Kysely<any>;
  const insert = any.insertInto(table).values(rows);
  await (dialectOf(trx) === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())).execute();
}
