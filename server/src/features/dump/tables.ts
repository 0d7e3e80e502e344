import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import { DumpError } from './errors.js';

/**
 * Which tables an archive holds and how their rows are written, the same way whatever the
 * database: every table of the data model (db/schema.ts) found in the database, less the migration
 * bookkeeping (kysely_migration*, which introspection leaves out) and the search index structures
 * (features/search/dialect-sql.ts: FTS5 tables and their shadow tables on SQLite, search_doc on the
 * others), which hold nothing of their own and are rebuilt from the posts on restore.
 */
const DERIVED = /^search_/;

export type ColumnKind = 'id' | 'number' | 'text';

export interface TableShape {
  name: string;
  /** Column names in code-point order: the order of every row's keys in the archive. */
  columns: string[];
  kinds: Record<string, ColumnKind>;
  /** The primary key (every table has one), the order rows are read and written in. */
  key: string[];
}

/**
 * Integer columns named `id` or `…_id` are written as strings (17-digit object ids do not fit a
 * JavaScript number, and PostgreSQL and MySQL hand BIGINTs over as strings anyway); other integers
 * (times, counts, flags) as numbers; text as text.
 */
function kindOf(table: string, column: string, dataType: string): ColumnKind {
  const type = dataType.toLowerCase();
  if (/int|serial/.test(type)) return column === 'id' || column.endsWith('_id') ? 'id' : 'number';
  if (/char|text|clob/.test(type)) return 'text';
  throw new DumpError(`Column ${table}.${column} has type "${dataType}", which dumps cannot carry yet.`);
}

/** The data tables of a database as it is now, in name order. */
export async function dataTables(db: Kysely<any>): Promise<TableShape[]> {
  // PostgreSQL lists the tables of every schema: the site's are those of the connection's own.
  const schema = dialectOf(db) === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s : undefined;
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && !DERIVED.test(t.name) && (schema === undefined || t.schema === schema))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  const shapes: TableShape[] = [];
  for (const t of tables) {
    const kinds: Record<string, ColumnKind> = {};
    for (const c of t.columns) kinds[c.name] = kindOf(t.name, c.name, c.dataType);
    const key = await primaryKey(db, t.name);
    if (!key.length) throw new DumpError(`Table ${t.name} has no primary key, so its rows have no stable order to dump them in.`);
    shapes.push({ name: t.name, columns: Object.keys(kinds).sort(), kinds, key });
  }
  return shapes;
}

/**
 * A table's primary key columns in key order, as the database declares them. The migrations
 * declare the same key on every database: `id` for most tables, the natural key of the others
 * (vote: user_id, object_id; question_view: question_id, viewer; session: token; ...).
 */
async function primaryKey(db: Kysely<any>, table: string): Promise<string[]> {
  let rows: { name: string }[];
  switch (dialectOf(db)) {
    case 'sqlite3':
      rows = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(db)).rows;
      break;
    case 'postgres':
      rows = (
        await sql<{ name: string }>`
          SELECT a.attname AS name FROM pg_index i
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
          WHERE i.indrelid = to_regclass(${`"${table}"`}) AND i.indisprimary
          ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db)
      ).rows;
      break;
    case 'mysql':
      rows = (
        await sql<{ name: string }>`
          SELECT column_name AS name FROM information_schema.key_column_usage
          WHERE table_schema = DATABASE() AND table_name = ${table} AND constraint_name = 'PRIMARY'
          ORDER BY ordinal_position`.execute(db)
      ).rows;
      break;
  }
  return rows.map((r) => r.name);
}

/** A row as the archive holds it: keys in column order, values normalised by kind. */
export function normaliseRow(shape: TableShape, row: Record<string, unknown>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const column of shape.columns) {
    const value = row[column];
    if (value === null || value === undefined) out[column] = null;
    else if (shape.kinds[column] === 'id') out[column] = String(value);
    else if (shape.kinds[column] === 'number') {
      const n = Number(value);
      out[column] = Number.isSafeInteger(n) ? n : String(value);
    } else out[column] = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  }
  return out;
}
