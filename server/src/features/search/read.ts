import type BetterSqlite3 from 'better-sqlite3';
import type { RawBuilder } from 'kysely';
import { type Db, sqliteConnectionOf } from '../../db/connect.js';

/**
 * Runs a search's candidate read. On SQLite the statement runs on the better-sqlite3 connection
 * directly, with plain numbers instead of BigInts (ids are selected as text, see `idText`): a
 * search reads several hundred rows, and turning each integer into a BigInt and back cost more
 * than the read (2 ms of 5 at 100,000 questions). As in db/precompiled.ts, while a transaction is
 * open on that connection the read goes through Kysely and waits for it.
 */
const statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();
/** Search SQL varies with the operators used, a few dozen shapes at most; more are not kept. */
const KEEP = 100;

export async function readRows<Row>(db: Db, query: RawBuilder<unknown>): Promise<Row[]> {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.inTransaction) return (await query.execute(db)).rows as Row[];
  const { sql, parameters } = query.compile(db);
  let kept = statements.get(sqlite);
  if (!kept) statements.set(sqlite, (kept = new Map()));
  let statement = kept.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql).safeIntegers(false);
    if (kept.size < KEEP) kept.set(sql, statement);
  }
  return statement.all(parameters as unknown[]) as Row[];
}
