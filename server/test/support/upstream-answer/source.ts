import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, sql, SqliteDialect } from 'kysely';
import mysql from 'mysql2';
import pg from 'pg';
import { tempDir } from '../app.js';
import { createThrowawayDb, type ServerDialect } from '../databases.js';
import { type Filled, fillUpstream } from './fill.js';
import { type UpstreamDialect, type UpstreamRelease, upstreamDdl } from './schema.js';

export interface UpstreamSource {
  /** What `--from` takes. */
  url: string;
  filled: Filled;
  /** Runs statements on the source (tests that break it on purpose). */
  exec(statement: string): Promise<void>;
  drop(): Promise<void>;
}

/**
 * An Apache Answer database of `release` on `dialect`, created with upstream's schema and filled
 * with fill.ts's site: a SQLite file, or a throwaway database on the test PostgreSQL / MariaDB.
 */
export async function upstreamSource(dialect: UpstreamDialect, release: UpstreamRelease, serverUrl?: string): Promise<UpstreamSource> {
  let db: Kysely<any>;
  let url: string;
  let dropDb = async () => {};
  if (dialect === 'sqlite3') {
    const dir = tempDir('answer-upstream-');
    const file = path.join(dir, 'answer.db');
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file) }) });
    url = `sqlite://${file}`;
    dropDb = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const throwaway = await createThrowawayDb(dialect as ServerDialect, serverUrl);
    url = throwaway.url;
    dropDb = () => throwaway.drop();
    db =
      dialect === 'postgres'
        ? new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) })
        : new Kysely<any>({ dialect: new MysqlDialect({ pool: mysql.createPool({ uri: url, connectionLimit: 2, charset: 'utf8mb4' }) }) });
  }
  for (const statement of upstreamDdl(dialect, release)) await sql.raw(statement).execute(db);
  const filled = await fillUpstream(db, dialect, release);
  return {
    url,
    filled,
    exec: async (statement) => void (await sql.raw(statement).execute(db)),
    drop: async () => {
      await db.destroy();
      await dropDb();
    },
  };
}
