import fs from 'node:fs';
import { type AppConfig, configExists, defaultConfig, readConfig, writeConfig } from '../../config/config.js';
import type { DataPaths } from '../../config/paths.js';
import { createProgress } from '../../core/progress.js';
import { createDb, type DbTarget } from '../../db/connect.js';
import { dumpSite } from './dump.js';
import { DumpError } from './errors.js';
import { restoreSite } from './restore.js';
import { shown, targetFromUrl } from './target.js';

const DUMP_USAGE = 'Usage: answer dump <file.tar.gz> [-C <data path>]';
const RESTORE_USAGE = 'Usage: answer restore <file.tar.gz> [--to <database URL>] [--force] [-C <data path>]';

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `answer dump <file>`: the site of the data path, while it runs, into one archive (docs/operations.md). */
export async function dumpCommand(paths: DataPaths, file: string | undefined): Promise<number> {
  if (!file) {
    console.error(DUMP_USAGE);
    return 1;
  }
  if (!configExists(paths)) {
    console.error(`No site is installed at ${paths.root} (no ${paths.configFile}): nothing to dump.`);
    return 1;
  }
  const config = readConfig(paths);
  const db = createDb(config.data.database);
  const progress = createProgress();
  const started = Date.now();
  try {
    const s = await dumpSite(db, uploadsOf(paths, config), file, progress);
    console.log(
      `Dumped ${s.tables} tables (${s.rows} rows) and ${s.uploads} uploads (${megabytes(s.uploadBytes)}) to ${file} ` +
        `(${megabytes(s.archiveBytes)}) in ${seconds(started)} s.`,
    );
    return 0;
  } catch (err) {
    return refused('Dump', err);
  } finally {
    progress.finish();
    await db.destroy();
  }
}

/**
 * `answer restore <file>`: into the data path's database, or with `--to` into another (new) one,
 * after which the data path's config names that database so `answer run` serves the restored site.
 */
export async function restoreCommand(paths: DataPaths, file: string | undefined, options: { to?: string; force: boolean }): Promise<number> {
  if (!file) {
    console.error(RESTORE_USAGE);
    return 1;
  }
  let target: DbTarget;
  try {
    target = options.to ? targetFromUrl(options.to) : configuredDatabase(paths, file);
    if (options.to) checkConfigMayChange(paths, target, options.force);
  } catch (err) {
    return refused('Restore', err);
  }
  const uploads = uploadsOf(paths, configExists(paths) ? readConfig(paths) : null);
  const db = createDb(target);
  const progress = createProgress();
  const started = Date.now();
  try {
    fs.mkdirSync(uploads, { recursive: true });
    const s = await restoreSite(db, file, uploads, { force: options.force, progress });
    progress.finish();
    if (options.to) writeConfig(paths, configWith(paths, target));
    console.log(
      `Restored ${s.tables} tables (${s.rows} rows) and ${s.uploads} uploads (${megabytes(s.uploadBytes)}) into ${shown(target.connection)} in ${seconds(started)} s.` +
        (s.upgraded.length ? `\nThe archive was older than this version: applied ${s.upgraded.length} migration(s) after loading it.` : ''),
    );
    if (options.to) console.log(`${paths.configFile} now names that database: start the site with "npx answer run -C ${paths.root}".`);
    return 0;
  } catch (err) {
    return refused('Restore', err);
  } finally {
    progress.finish();
    await db.destroy();
  }
}

/** The uploads folder the site serves (app.ts): the config's upload_path, else the data path's. */
const uploadsOf = (paths: DataPaths, config: AppConfig | null) => config?.service_config?.upload_path || paths.uploads;

function configuredDatabase(paths: DataPaths, file: string): DbTarget {
  if (!configExists(paths)) {
    throw new DumpError(`No configuration at ${paths.configFile}: name the database to restore into with --to (answer restore ${file} --to postgres://… -C ${paths.root}).`);
  }
  return readConfig(paths).data.database;
}

/** A data path whose config names another database keeps it, unless --force says to replace it. */
function checkConfigMayChange(paths: DataPaths, target: DbTarget, force: boolean): void {
  if (!configExists(paths) || force) return;
  const current = readConfig(paths).data.database;
  if (current.driver === target.driver && current.connection === target.connection) return;
  throw new DumpError(
    `${paths.configFile} already names a database (${shown(current.connection)}). Restore into a new data path (-C), or add --force to point this one at ${shown(target.connection)}.`,
  );
}

/** The data path's config with its database replaced (or a new config naming it). */
function configWith(paths: DataPaths, target: DbTarget): AppConfig {
  const database = { driver: target.driver, connection: target.connection };
  if (!configExists(paths)) return defaultConfig(paths, database);
  const config = readConfig(paths);
  config.data.database = { ...config.data.database, ...database };
  return config;
}

function refused(what: string, err: unknown): number {
  if (err instanceof DumpError) {
    console.error(err.message);
    return 1;
  }
  console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
}
