import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs, and compiling the SQL was a
 * fifth of a question page's CPU. A better-sqlite3 Statement can be run any number of times, so the
 * dialect gets this wrapper, which hands back the statement already compiled for the same SQL text.
 *
 * The driver only reads `reader` and calls all/run/iterate, and nothing in the server toggles
 * `raw`, `pluck`, `expand` or `safeIntegers` on a statement, so a reused statement behaves as a fresh
 * one would (integers as BigInt, from the database's defaultSafeIntegers at preparing time). A schema
 * change needs nothing here either: SQLite recompiles a statement whose schema changed when it next
 * runs. The cache is bounded (least recently used out first) because SQL text varies with the length
 * of IN lists and the like.
 */
export class StatementCache implements SqliteDatabase {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    readonly database: BetterSqlite3.Database,
    readonly limit = 500,
  ) {}

  get size(): number {
    return this.#statements.size;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) {
      // A statement whose iterator is still open cannot run again meanwhile: that caller gets its own.
      if (cached.busy) return this.database.prepare(sql);
      // Re-inserting keeps the Map in order of last use, so its first key is the one to drop.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.database.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.limit) this.#statements.delete(this.#statements.keys().next().value!);
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.database.close();
  }
}
