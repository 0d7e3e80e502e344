import { type AppConfig, configExists, readConfig, redisUrl } from './config/config.js';
import type { DataPaths } from './config/paths.js';
import { type Cache, MemoryCache } from './core/cache.js';
import { AppError } from './core/errors.js';
import { Invalidation } from './core/invalidation.js';
import { RedisCache } from './core/redis-cache.js';
import { shareSessionCache } from './core/session.js';
import { OutboxWorker } from './core/outbox.js';
import { createDb, type Db } from './db/connect.js';
import { PluginRegistry } from './features/plugin/registry.js';
import { pluginSources } from './features/plugin/sources.js';
import { hasInstalledSchema, pendingMigrations } from './db/migrate.js';

export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database schema is not up to date (${pending.length} pending migration(s): ${pending.join(', ')}). ` +
        'Run "npx answer upgrade" (with the same -C/--data-path) and start again.',
    );
  }
}

/**
 * What the running process knows about its installation. Before installation only `paths` is set;
 * the installer calls `activate` so the site serves normally without a restart.
 */
export class Runtime {
  config: AppConfig | null = null;
  db: Db | null = null;
  installed = false;
  readonly cache: Cache = new MemoryCache();
  readonly outbox = new OutboxWorker(
    () => (this.installed ? this.db : null),
    (msg, err) => console.error(msg, err instanceof Error ? err.message : (err ?? '')),
  );
  /** State every instance must see (captcha codes, duplicate markers): Redis when data.redis is set. */
  shared: Cache = this.cache;
  /** Cached settings dropped here are dropped on every instance sharing the Redis of data.redis. */
  readonly invalidation = new Invalidation(this.cache, (msg, err) => console.error(msg, err instanceof Error ? err.message : (err ?? '')));
  /** The site's plugins, loaded once the site is installed (features/plugin). */
  readonly plugins = new PluginRegistry((message, details) => console.error(message, details));

  constructor(readonly paths: DataPaths) {
    shareSessionCache(this.invalidation);
  }

  /** Loads config.yaml and the database if they exist; refuses an unmigrated schema. */
  async open(): Promise<void> {
    if (!configExists(this.paths)) return;
    const config = readConfig(this.paths);
    const db = createDb(config.data.database);
    if (!(await hasInstalledSchema(db)) || !(await isSeeded(db))) {
      // Config written but installation not finished: the wizard resumes at its last step.
      this.config = config;
      this.db = db;
      return;
    }
    const pending = await pendingMigrations(db);
    if (pending.length) {
      await db.destroy();
      throw new PendingMigrationsError(pending);
    }
    await this.activate(config, db);
  }

  async activate(config: AppConfig, db: Db): Promise<void> {
    this.config = config;
    this.db = db;
    this.installed = true;
    await this.plugins.loadOnce(pluginSources(this.paths, config));
    const redis = redisUrl(config);
    await this.invalidation.start(redis);
    if (redis && !(this.shared instanceof RedisCache)) {
      this.shared = await RedisCache.connect(redis, (msg, err) => console.error(msg, err instanceof Error ? err.message : (err ?? '')));
    }
  }

  /** Drops a cached shared setting on this and every other instance. */
  invalidate(key: string): Promise<void> {
    return this.invalidation.invalidate(key);
  }

  /** The database of an installed site; API calls before installation get 503 base.not_installed. */
  get database(): Db {
    if (!this.installed || !this.db) throw new AppError(503, 'base.not_installed');
    return this.db;
  }

  async close(): Promise<void> {
    await this.outbox.stop();
    this.invalidation.stop();
    if (this.shared instanceof RedisCache) this.shared.close();
    this.shared = this.cache;
    await this.db?.destroy();
    this.db = null;
    this.installed = false;
  }
}

/** An installation is complete once the admin user exists. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('id', '=', 1).executeTakeFirst();
  return !!row;
}
