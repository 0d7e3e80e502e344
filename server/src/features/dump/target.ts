import path from 'node:path';
import type { DbTarget } from '../../db/connect.js';
import { DumpError } from './errors.js';

/**
 * The database `--to` names: a postgres:// or postgresql:// URL, a mysql:// (or mariadb://) URL,
 * or a SQLite file as `sqlite:<path>`, `sqlite://<path>` or a bare path (relative to the current
 * folder). The result is what config.yaml's data.database holds (config/config.ts).
 */
export function targetFromUrl(value: string): DbTarget {
  if (/^postgres(ql)?:\/\//i.test(value)) return { driver: 'postgres', connection: value };
  if (/^(mysql|mariadb):\/\//i.test(value)) return { driver: 'mysql', connection: value.replace(/^mariadb:/i, 'mysql:') };
  const sqlitePath = /^sqlite3?:(?:\/\/)?(.*)$/i.exec(value)?.[1] ?? (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? null : value);
  if (!sqlitePath) throw new DumpError(`--to takes postgres://…, mysql://… or a SQLite file path, not "${shown(value)}".`);
  return { driver: 'sqlite3', connection: path.resolve(sqlitePath) };
}

/** A connection as it may be printed: a URL's password is masked. */
export function shown(connection: string): string {
  try {
    const url = new URL(connection);
    if (!url.password) return connection;
    url.password = '***';
    return url.toString();
  } catch {
    return connection;
  }
}
