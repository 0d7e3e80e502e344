import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/migrations/dialect.js';
import { normaliseRow, type TableShape } from './tables.js';

type Row = Record<string, string | number | null>;

/**
 * A key column as it is compared and ordered. Integer keys are compared with their parameter cast
 * to an integer (MySQL compares a BIGINT with a string as doubles, which cannot tell 17-digit ids
 * apart). Text keys are ordered by code point on every database: SQLite's BINARY, PostgreSQL's
 * "C" collation and MySQL's bytes of utf8mb4 all are, where the configured collations (MySQL's
 * case-insensitive utf8mb4_unicode_ci, PostgreSQL's locale) would each order differently.
 */
function keyColumn(dialect: DialectName, shape: TableShape, column: string): { ref: RawBuilder<unknown>; param: (v: unknown) => RawBuilder<unknown> } {
  const ref = sql.ref(column);
  if (shape.kinds[column] !== 'text') {
    const type = sql.raw(dialect === 'mysql' ? 'SIGNED' : dialect === 'postgres' ? 'bigint' : 'INTEGER');
    return { ref: sql`${ref}`, param: (v) => sql`CAST(${String(v)} AS ${type})` };
  }
  if (dialect === 'postgres') return { ref: sql`${ref} COLLATE "C"`, param: (v) => sql`${v}::text COLLATE "C"` };
  if (dialect === 'mysql') return { ref: sql`CAST(${ref} AS BINARY)`, param: (v) => sql`CAST(${v} AS BINARY)` };
  return { ref: sql`${ref}`, param: (v) => sql`${v}` };
}

/**
 * Every row of a table in primary-key order, normalised (tables.ts), read a page at a time by
 * keyset (the next page starts after the last key seen), so memory stays flat on any size of table.
 */
export async function* tableRows(conn: Kysely<any>, shape: TableShape, pageSize: number): AsyncGenerator<Row[]> {
  const dialect = dialectOf(conn);
  const keys = shape.key.map((c) => keyColumn(dialect, shape, c));
  const order = sql.join(keys.map((k) => k.ref));
  let last: Row | null = null;
  for (;;) {
    let where = sql``;
    if (last) {
      const after = last;
      const tuple = sql.join(shape.key.map((c, i) => keys[i]!.param(after[c])));
      // The leading column's own bound lets the index narrow the scan; the tuple decides the rest.
      where =
        keys.length === 1
          ? sql`WHERE ${keys[0]!.ref} > ${tuple}`
          : sql`WHERE ${keys[0]!.ref} >= ${keys[0]!.param(after[shape.key[0]!])} AND (${order}) > (${tuple})`;
    }
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(shape.name)} ${where} ORDER BY ${order} LIMIT ${sql.lit(pageSize)}`.execute(conn);
    if (!rows.length) return;
    const page = rows.map((r) => normaliseRow(shape, r));
    yield page;
    if (rows.length < pageSize) return;
    last = page.at(-1)!;
  }
}
