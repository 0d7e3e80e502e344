import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, sql, SqliteDialect } from 'kysely';
import type { DialectName } from '../../../db/migrations/dialect.js';
import { ImportError } from '../report.js';

/**
 * The old site's database, opened read-only where the driver allows it. Its tables are upstream's
 * (not ours), so it is queried untyped; values are normalised by the mappers (values.ts).
 */
export interface Source {
  db: Kysely<any>;
  dialect: DialectName;
  /** The URL without its password, for messages. */
  label: string;
  close(): Promise<void>;
}

/**
 * Opens `url`: `sqlite:///path/answer.db` (or a plain file path), `postgres://...`, `mysql://...`
 * or `mariadb://...`. Times come back as the text the database holds (upstream writes UTC), and
 * 64-bit ids as strings or BigInt, never as rounded numbers.
 */
export async function openSource(url: string): Promise<Source> {
  const scheme = /^([a-z0-9+]+):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || scheme === 'sqlite' || scheme === 'sqlite3' || scheme === 'file') return openSqlite(sqlitePath(url));
  if (scheme === 'postgres' || scheme === 'postgresql') return openPostgres(url);
  if (scheme === 'mysql' || scheme === 'mariadb') return openMysql(url.replace(/^mariadb:/i, 'mysql:'));
  throw new ImportError(`Unknown database URL "${url}": use sqlite:///path/to/answer.db, postgres://user:pass@host/db or mysql://user:pass@host/db.`);
}

function sqlitePath(url: string): string {
  if (!/^[a-z0-9+]+:/i.test(url)) return url;
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    throw new ImportError(`Cannot read the SQLite path in "${url}": write it as sqlite:///absolute/path/answer.db.`);
  }
}

function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function openSqlite(file: string): Source {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new ImportError(`No SQLite database file at ${file}.`);
  let database: SqliteDatabase.Database;
  try {
    database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    database.pragma('query_only = ON');
  } catch (err) {
    throw new ImportError(`Cannot open the SQLite database ${file}: ${(err as Error).message}`);
  }
  database.defaultSafeIntegers(true);
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite3', label: file, close: () => db.destroy() };
}

async function openPostgres(url: string): Promise<Source> {
  const pg = (await import('pg')).default;
  // Per-pool parsers, so the site's own pg settings are untouched: bigint and timestamps as text.
  const asText = (v: string) => v;
  const types = { getTypeParser: (oid: number, format?: any) => ([20, 1114, 1184].includes(oid) ? asText : pg.types.getTypeParser(oid, format)) };
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, types: types as never }) }) });
  return connected({ db, dialect: 'postgres', label: hidePassword(url), close: () => db.destroy() });
}

async function openMysql(url: string): Promise<Source> {
  const mysql = (await import('mysql2')).default;
  const pool = mysql.createPool({ uri: url, connectionLimit: 2, supportBigNumbers: true, bigNumberStrings: true, dateStrings: true, timezone: 'Z', charset: 'utf8mb4' });
  const db = new Kysely<any>({ dialect: new MysqlDialect({ pool }) });
  return connected({ db, dialect: 'mysql', label: hidePassword(url), close: () => db.destroy() });
}

/** A server database is only known to be reachable once a query ran. */
async function connected(source: Source): Promise<Source> {
  try {
    await sql`select 1`.execute(source.db);
    return source;
  } catch (err) {
    await source.close().catch(() => {});
    throw new ImportError(`Cannot connect to ${source.label}: ${(err as Error).message}`);
  }
}

/** The source's table names (older versions lack the review and badge tables). */
export async function tablesOf(source: Source): Promise<Set<string>> {
  try {
    const tables = await source.db.introspection.getTables();
    return new Set(tables.map((t) => t.name));
  } catch (err) {
    // E.g. a file that is not a SQLite database only fails at its first read.
    throw new ImportError(`Cannot read the tables of ${source.label}: ${(err as Error).message}`);
  }
}
