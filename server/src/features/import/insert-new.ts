import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { type DialectName, dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';

type Tx = Kysely<Database> | Transaction<Database>;

/** Bound parameters per statement, under SQLite's limit (32,766) and the others' (65,535). */
const PARAMETERS = 30_000;

/**
 * Inserts rows, leaving out every row whose key (or unique key) is already there: each imported
 * row has an id derived from its source (a dump's ids, an Answer site's own), so running an import
 * again, after an interruption or not, writes only what is missing and never a second copy.
 * Returns how many rows were written.
 */
export async function insertNew<T extends keyof Database>(trx: Tx, table: T, rows: readonly object[]): Promise<number> {
  if (!rows.length) return 0;
  let written = 0;
  const columns = Object.keys(rows[0]!);
  const per = Math.max(1, Math.floor(PARAMETERS / columns.length));
  const dialect = dialectOf(trx);
  for (let i = 0; i < rows.length; ) {
    const n = statementRows(rows.length - i, per);
    const part = rows.slice(i, (i += n));
    const params = plainValues(part as Record<string, unknown>[], columns);
    if (params) {
      written += Number((await trx.executeQuery(CompiledQuery.raw(insertSql(dialect, table, columns, n), params))).numAffectedRows ?? 0);
      continue;
    }
    const insert = trx.insertInto(table);
    const [result] = await (dialect === 'mysql' ? insert.orIgnore().values(part as never) : insert.values(part as never).onConflict((oc) => oc.doNothing())).execute();
    written += Number(result?.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/**
 * The rows' values in column order, when every row has exactly these columns, each a plain value
 * (no undefined, no object or SQL expression): then the statement is written here, as Kysely would
 * write it, without Kysely building and compiling a node for each of a thousand rows' values (a
 * tenth of the importing thread's time). Otherwise null, and Kysely writes it.
 */
function plainValues(rows: Record<string, unknown>[], columns: string[]): unknown[] | null {
  const values: unknown[] = new Array(rows.length * columns.length);
  let k = 0;
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return null;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined || (value !== null && (typeof value === 'object' || typeof value === 'function'))) return null;
      values[k++] = value;
    }
  }
  return values;
}

const statements = new Map<string, string>();

/** `INSERT ... VALUES (...), ... ` leaving out rows already there, in each database's words; kept, since a table has a few shapes (statementRows). */
function insertSql(dialect: DialectName, table: string, columns: string[], rows: number): string {
  const key = `${dialect} ${table} ${rows} ${columns.join(',')}`;
  let text = statements.get(key);
  if (text === undefined) {
    const quote = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
    let n = 0;
    const placeholder = () => (dialect === 'postgres' ? `$${++n}` : '?');
    const values = Array.from({ length: rows }, () => `(${columns.map(placeholder).join(', ')})`).join(', ');
    const into = `into ${quote(table)} (${columns.map(quote).join(', ')}) values ${values}`;
    text = dialect === 'mysql' ? `insert ignore ${into}` : `insert ${into} on conflict do nothing`;
    statements.set(key, text);
  }
  return text;
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
