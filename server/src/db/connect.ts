import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type KyselyPlugin,
  MysqlDialect,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  type UnknownRow,
} from 'kysely';
import type { DbDriver } from '../config/config.js';
import type { Database } from './schema.js';
import { StatementCache } from './statement-cache.js';

export type Db = Kysely<Database>;

/** The better-sqlite3 connection under each SQLite Db (db/precompiled.ts runs its reads on it directly). */
const sqliteConnections = new WeakMap<Db, SqliteDatabase.Database>();
export const sqliteConnectionOf = (db: Db): SqliteDatabase.Database | undefined => sqliteConnections.get(db);

export interface DbTarget {
  driver: DbDriver;
  /** File path for sqlite3, URL for postgres/mysql. */
  connection: string;
  maxConnections?: number;
}

export function createDb(target: DbTarget): Db {
  switch (target.driver) {
    case 'sqlite3': {
      fs.mkdirSync(path.dirname(path.resolve(target.connection)), { recursive: true });
      const database = new SqliteDatabase(target.connection);
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('foreign_keys = ON');
      database.pragma('busy_timeout = 5000');
      // Integers come back as BigInt so 17-digit ids keep their precision; BigIntResults turns them
      // into numbers when safe and strings otherwise (the same as pg/mysql give for BIGINT ids).
      database.defaultSafeIntegers(true);
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new StatementCache(database) }), plugins: [new BigIntResults()] });
      sqliteConnections.set(db, database);
      return db;
    }
    // pg and mysql2 are imported when the first connection is made, so a site on another database
    // never loads them (issue 15: about 20 MB resident on a SQLite site); Kysely takes a pool
    // factory for that.
    case 'postgres': {
      const held: { pool?: { totalCount: number; idleCount: number; waitingCount: number } } = {};
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: async () => {
            const pg = (await import('pg')).default;
            // BIGINT columns hold 17-digit ids; they are handled as strings everywhere (domain.md 1.8).
            pg.types.setTypeParser(20, (v) => v);
            const pool = new pg.Pool({ connectionString: target.connection, max: target.maxConnections ?? 10 });
            // An idle pooled client can be cut by the server (restart, failover, a dropped database);
            // pg then emits 'error' on the pool, which would crash the process if unheard. The pool
            // discards that client and the next query opens a new one, so there is nothing else to do.
            pool.on('error', () => {});
            held.pool = pool;
            return pool;
          },
        }),
      });
      pgPools.set(db, held);
      return db;
    }
    case 'mysql':
      return new Kysely<Database>({
        dialect: new MysqlDialect({
          pool: async () =>
            (await import('mysql2')).default.createPool({
              uri: target.connection,
              connectionLimit: target.maxConnections ?? 10,
              // BIGINT ids come back as strings, never as lossy numbers.
              supportBigNumbers: true,
              bigNumberStrings: true,
              charset: 'utf8mb4',
            }),
        }),
      });
    default:
      throw new Error(`unsupported database driver "${String(target.driver)}"`);
  }
}

const pgPools = new WeakMap<Kysely<Database>, { pool?: { totalCount: number; idleCount: number; waitingCount: number } }>();

/** A PostgreSQL database's connection pool as the metrics report it; null for the other drivers (or before the first query). */
export function poolStats(db: Kysely<Database>): { total: number; idle: number; waiting: number } | null {
  const pool = pgPools.get(db)?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Opens a connection and runs one trivial query; throws the driver's error when it cannot. */
export async function pingDb(target: DbTarget): Promise<void> {
  const db = createDb({ ...target, maxConnections: 1 });
  try {
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
  } finally {
    await db.destroy();
  }
}

/** SQLite result rows: BigInt -> number when it fits, else string (ids beyond 2^53). */
class BigIntResults implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    numbersForBigInts(args.result.rows);
    return args.result;
  }
}

/** What BigIntResults does to SQLite rows, for reads that bypass Kysely (db/precompiled.ts). */
export function numbersForBigInts(rows: UnknownRow[]): void {
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      const v = row[key];
      if (typeof v === 'bigint') row[key] = Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
    }
  }
}
