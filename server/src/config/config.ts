import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { DataPaths } from './paths.js';

export type DbDriver = 'sqlite3' | 'postgres' | 'mysql';

/**
 * Contents of <data>/conf/config.yaml. The database connection is a file path for SQLite and a
 * URL (postgres://… or mysql://…) for the servers; see docs/configuration.md.
 */
export interface AppConfig {
  debug?: boolean;
  server: { http: { addr: string } };
  data: {
    database: { driver: DbDriver; connection: string; max_open_conn?: number };
    /** Optional Redis URL; when set, sessions, cache and rate limits are shared between instances. */
    redis?: string;
  };
  service_config: { upload_path: string };
  ui?: { base_url?: string };
}

export const DEFAULT_ADDR = '0.0.0.0:9080';

export function defaultConfig(paths: DataPaths, database: AppConfig['data']['database']): AppConfig {
  return {
    debug: false,
    server: { http: { addr: DEFAULT_ADDR } },
    data: { database },
    service_config: { upload_path: paths.uploads },
    ui: { base_url: '' },
  };
}

export function configExists(paths: DataPaths): boolean {
  return fs.existsSync(paths.configFile);
}

export function readConfig(paths: DataPaths): AppConfig {
  const parsed = YAML.parse(fs.readFileSync(paths.configFile, 'utf8')) as AppConfig;
  if (!parsed?.data?.database?.driver || !parsed.data.database.connection) {
    throw new Error(`${paths.configFile} has no data.database.driver / connection`);
  }
  parsed.server ??= { http: { addr: DEFAULT_ADDR } };
  parsed.server.http ??= { addr: DEFAULT_ADDR };
  parsed.service_config ??= { upload_path: paths.uploads };
  return parsed;
}

export function writeConfig(paths: DataPaths, config: AppConfig): void {
  fs.mkdirSync(path.dirname(paths.configFile), { recursive: true });
  fs.writeFileSync(paths.configFile, YAML.stringify(config), { mode: 0o600 });
}

/** The listen address: SITE_ADDR wins over the file, the file over the default. */
export function listenAddress(config: AppConfig | null): { host: string; port: number } {
  const addr = process.env.SITE_ADDR || config?.server?.http?.addr || DEFAULT_ADDR;
  const idx = addr.lastIndexOf(':');
  const host = idx > 0 ? addr.slice(0, idx) : '0.0.0.0';
  const port = Number(idx >= 0 ? addr.slice(idx + 1) : addr);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid listen address "${addr}"`);
  return { host, port };
}
