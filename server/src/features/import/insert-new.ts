import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';

type Tx = Kysely<Database> | Transaction<Database>;

/** Bound parameters per statement, under SQLite's limit (32,766) and the others' (65,535). */
const PARAMETERS = 30_000;

/**
 * Inserts rows, leaving out every row whose key (or unique key) is already there: each imported
 * row has an id derived from its source (a dump's ids, an Answer site's own), so running an import
 * again, after an interruption or not, writes only what is missing and never a second copy.
 */
export async function insertNew<T extends keyof Database>(trx: Tx, table: T, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  const per = Math.max(1, Math.floor(PARAMETERS / Object.keys(rows[0]!).length));
  const mysql = dialectOf(trx) === 'mysql';
  for (let i = 0; i < rows.length; ) {
    const n = statementRows(rows.length - i, per);
    const values = rows.slice(i, (i += n)) as never;
    const insert = trx.insertInto(table);
    await (mysql ? insert.orIgnore().values(values) : insert.values(values).onConflict((oc) => oc.doNothing())).execute();
  }
}

/**
 * How many rows the next statement takes: a power of two, at most `per`. Each batch has its own
 * number of questions, answers, tags..., and a statement of each new length would be compiled
 * anew and kept by the statement cache (db/statement-cache.ts), in native memory on SQLite. In
 * powers of two a table's inserts take a few shapes, compiled once: at 400,000 posts the import
 * kept 53 MB less resident and spent 6% less CPU a post (docs/benchmarks.md, eighth session).
 */
function statementRows(left: number, per: number): number {
  let n = 1;
  while (n * 2 <= Math.min(left, per)) n *= 2;
  return n;
}

/** Slices of a list small enough for an `in (...)` list of bound parameters. */
export function* slices<T>(list: readonly T[], size = 5000): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}
