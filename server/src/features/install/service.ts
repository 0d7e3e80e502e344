import path from 'node:path';
import YAML from 'yaml';
import type { BaseInfo, ConfigFileCheckResp, DbSettings } from '@answer/contract';
import { type AppConfig, configExists, defaultConfig, readConfig, writeConfig } from '../../config/config.js';
import type { DataPaths } from '../../config/paths.js';
import { AppError, FieldErrors, hint } from '../../core/errors.js';
import { isLanguage } from '../../core/i18n.js';
import { hashPassword } from '../../core/password.js';
import { createDb, type DbTarget, pingDb } from '../../db/connect.js';
import { hasInstalledSchema, migrateToLatest } from '../../db/migrate.js';
import { isSeeded, type Runtime } from '../../runtime.js';
import { forgetSiteSettings } from '../siteinfo/service.js';
import { seedInstall } from './seed.js';

const DEFAULT_PORT = { postgres: 5432, mysql: 3306 } as const;

/** Turns the wizard's database form into a connection the drivers understand. */
export function targetFor(paths: DataPaths, s: DbSettings): DbTarget {
  if (s.db_type === 'sqlite3') {
    return { driver: 'sqlite3', connection: s.db_file ? path.resolve(paths.root, s.db_file) : paths.defaultSqliteFile };
  }
  const [host, port] = splitHost(s.db_host, DEFAULT_PORT[s.db_type]);
  const auth = `${encodeURIComponent(s.db_username)}:${encodeURIComponent(s.db_password)}`;
  const db = encodeURIComponent(s.db_name);
  const scheme = s.db_type === 'postgres' ? 'postgres' : 'mysql';
  return { driver: s.db_type, connection: `${scheme}://${auth}@${host}:${port}/${db}` };
}

function splitHost(value: string, defaultPort: number): [string, number] {
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(value.trim());
  const host = m?.[1] || '127.0.0.1';
  const port = Number(m?.[2] || defaultPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new FieldErrors([{ field: 'db_host', reason: 'error.install.db_host_invalid' }]);
  }
  return [host, port];
}

export function ensureNotInstalled(runtime: Runtime): void {
  if (runtime.installed) throw hint('error.install.already_installed', 'alert');
}

/** Step 2: can we reach the database with these settings? */
export async function checkDatabase(runtime: Runtime, settings: DbSettings): Promise<{ connection_success: boolean }> {
  ensureNotInstalled(runtime);
  await pingOrFail(targetFor(runtime.paths, settings));
  return { connection_success: true };
}

async function pingOrFail(target: DbTarget): Promise<void> {
  try {
    await pingDb(target);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new AppError(400, 'error.database.connection_failed', { err_type: 'alert' }, undefined, { detail });
  }
}

/** Step 3, first call: what already exists? */
export async function checkConfigFile(runtime: Runtime): Promise<ConfigFileCheckResp> {
  ensureNotInstalled(runtime);
  const result = { config_file_exist: configExists(runtime.paths), db_connection_success: false, db_table_exist: false };
  if (!result.config_file_exist) return result;
  const db = createDb(readConfig(runtime.paths).data.database);
  try {
    result.db_table_exist = await hasInstalledSchema(db);
    result.db_connection_success = true;
  } catch {
    result.db_connection_success = false;
  } finally {
    await db.destroy();
  }
  return result;
}

/** Step 3, second call: write config.yaml and create the tables. */
export async function initConfig(runtime: Runtime, settings: DbSettings): Promise<void> {
  ensureNotInstalled(runtime);
  const target = targetFor(runtime.paths, settings);
  await pingOrFail(target);
  const config = defaultConfig(runtime.paths, target);
  try {
    writeConfig(runtime.paths, config);
  } catch {
    // The wizard shows this text so the user can create the file by hand (spec section 8).
    throw hint('error.install.create_config_failed', 'alert', {
      create_config_failed: true,
      default_config: YAML.stringify(config),
    });
  }
  await openDatabase(runtime, config);
}

async function openDatabase(runtime: Runtime, config: AppConfig) {
  if (runtime.db) await runtime.db.destroy();
  runtime.config = config;
  runtime.db = createDb(config.data.database);
  try {
    await migrateToLatest(runtime.db);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new AppError(400, 'error.database.create_table_failed', { err_type: 'alert' }, undefined, { detail });
  }
}

let installing = false;

/** Step 4: site and admin account; afterwards the site serves normally, without a restart. */
export async function installBaseInfo(runtime: Runtime, input: BaseInfo): Promise<void> {
  ensureNotInstalled(runtime);
  if (!isLanguage(input.lang)) throw new FieldErrors([{ field: 'lang', reason: 'error.lang.not_found' }]);
  if (!configExists(runtime.paths)) throw hint('error.install.config_missing', 'alert');
  if (installing) throw new AppError(400, 'base.duplicate_request_error');
  installing = true;
  try {
    if (!runtime.db || !runtime.config) await openDatabase(runtime, readConfig(runtime.paths));
    else await migrateToLatest(runtime.db);
    const db = runtime.db!;
    if (await isSeeded(db)) throw hint('error.install.already_installed', 'alert');
    await seedInstall(db, {
      language: input.lang,
      siteName: input.site_name.trim(),
      siteUrl: input.site_url.replace(/\/+$/, ''),
      contactEmail: input.contact_email,
      loginRequired: input.login_required,
      adminName: input.name,
      adminEmail: input.email,
      adminPasswordHash: await hashPassword(input.password),
    });
    await runtime.activate(runtime.config!, db);
    await forgetSiteSettings(runtime);
  } finally {
    installing = false;
  }
}
