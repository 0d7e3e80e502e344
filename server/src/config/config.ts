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
  server: {
    http: {
      addr: string;
      /** Reverse proxies whose X-Forwarded-For / -Proto are believed (IPs or CIDRs); none by default. */
      trusted_proxies?: string[] | string;
    };
  };
  data: {
    database: { driver: DbDriver; connection: string; max_open_conn?: number };
    /** Optional Redis URL; when set, sessions, cache and rate limits are shared between instances. */
    redis?: string;
  };
  service_config: { upload_path: string };
  ui?: { base_url?: string };
  /** Plugin packages (names installed beside the project or in <data>/node_modules) and folders; docs/plugins.md. */
  plugins?: string[];
  /** Prometheus metrics at /metrics (docs/api.md); off unless enabled. */
  metrics?: { enabled?: boolean; allow?: string[] | string; token?: string };
  /** Random secret the server derives its encryption keys from (the AI provider's API key); written on first use. */
  secret_key?: string;
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

/** The Redis URL: ANSWER_REDIS_URL wins over data.redis (so AUTO_INSTALL'd instances can share one). */
export function redisUrl(config: AppConfig | null): string | undefined {
  return process.env.ANSWER_REDIS_URL || config?.data?.redis || undefined;
}

/**
 * The proxies whose forwarded headers decide the client address (`TRUSTED_PROXIES`, comma
 * separated, wins over `server.http.trusted_proxies`). Empty: the socket address is the client,
 * whatever X-Forwarded-For says, so nobody can pick their own address for the limits.
 */
export function trustedProxies(config: AppConfig | null): string[] {
  const raw = process.env.TRUSTED_PROXIES ?? config?.server?.http?.trusted_proxies ?? [];
  const list = Array.isArray(raw) ? raw : String(raw).split(',');
  return list.map((p) => String(p).trim()).filter(Boolean);
}

export interface MetricsConfig {
  enabled: boolean;
  /** Addresses or CIDRs that may scrape without the token; loopback alone when neither is set. */
  allow: string[];
  /** A bearer token that also lets a scraper in; '' for none. */
  token: string;
}

/** `/metrics`: METRICS_ENABLED, METRICS_ALLOW (comma separated) and METRICS_TOKEN win over the file's `metrics`. */
export function metricsConfig(config: AppConfig | null): MetricsConfig {
  const file = config?.metrics ?? {};
  const enabled = process.env.METRICS_ENABLED !== undefined ? process.env.METRICS_ENABLED === '1' || process.env.METRICS_ENABLED === 'true' : file.enabled === true;
  const raw = process.env.METRICS_ALLOW ?? file.allow ?? [];
  const allow = (Array.isArray(raw) ? raw : String(raw).split(',')).map((a) => String(a).trim()).filter(Boolean);
  return { enabled, allow, token: process.env.METRICS_TOKEN ?? file.token ?? '' };
}
