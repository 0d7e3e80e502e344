import { randomBytes } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, CompiledQuery, UnknownRow } from 'kysely';
import { type Db, numbersForBigInts, sqliteConnectionOf } from './connect.js';

/** Unguessable, so no value a request passes can be mistaken for a slot. */
const NONCE = randomBytes(8).toString('hex');
const slotName = (marker: unknown) => (typeof marker === 'string' && marker.startsWith(`\u0000${NONCE}:`) ? marker.slice(NONCE.length + 2) : undefined);

interface Template<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled SQL, the slot it takes its value from (undefined: a constant). */
  slots: (string | undefined)[];
  /** On SQLite, the statement prepared on the connection itself (see below). */
  statement?: BetterSqlite3.Statement;
}

/**
 * A read on the hottest paths (a signed-in reader's marks), built and compiled by Kysely once per
 * database and then run with each request's values: building and compiling a query with
 * subqueries costs Kysely several times what SQLite takes to answer it (docs/benchmarks.md).
 * `build` names each per-request value with `slot(name)`; the query's shape must not depend on
 * the values (a list of ids of another length is another statement: pass its length in the name
 * of the statement's variant, see answer/viewer-marks.ts).
 *
 * On SQLite the statement runs on the better-sqlite3 connection directly, as Kysely's driver would
 * (a synchronous call, so nothing can run between its start and its end) but without the driver's
 * connection lock, promises and result plugin (2 µs of a signed-in question/info's 40 µs of user
 * CPU, docs/benchmarks.md). While a transaction is open on that connection the read waits for it
 * through Kysely like any other query: it must not see uncommitted rows.
 */
export function precompiled<Row>(build: (db: Db, slot: (name: string) => string) => Compilable<Row>) {
  const templates = new WeakMap<Db, Template<Row>>();
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    let template = templates.get(db);
    if (!template) {
      const query = build(db, (name) => `\u0000${NONCE}:${name}`).compile();
      template = { query, slots: query.parameters.map(slotName) };
      templates.set(db, template);
    }
    const { query, slots } = template;
    const parameters = query.parameters.map((constant, i) => {
      const name = slots[i];
      if (name === undefined) return constant;
      if (!(name in values)) throw new Error(`precompiled query: no value for ${name}`);
      return values[name];
    });
    const sqlite = sqliteConnectionOf(db);
    if (sqlite && !sqlite.inTransaction) {
      template.statement ??= sqlite.prepare(query.sql);
      const rows = template.statement.all(parameters) as UnknownRow[];
      numbersForBigInts(rows);
      return rows as Row[];
    }
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
