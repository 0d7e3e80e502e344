import type { Redis } from 'ioredis';
import { type Cache, MemoryCache } from './cache.js';

/**
 * The cache several instances share (data.redis): a captcha shown by one instance can be checked
 * by another, a double submit is caught whichever instance each copy reaches. Every operation is one
 * atomic Redis command. When Redis cannot be reached the instance carries on with a local cache
 * (logged once per outage): captchas and duplicate checks then work per instance, nothing fails.
 */
export class RedisCache implements Cache {
  private readonly local = new MemoryCache();
  private down = false;

  /** ioredis is imported here, so a site without Redis never loads it (issue 15: memory). */
  static async connect(url: string, log: (msg: string, err?: unknown) => void): Promise<RedisCache> {
    const { Redis } = await import('ioredis');
    // Fail at once while disconnected rather than queue requests behind a dead connection.
    return new RedisCache(new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }), log);
  }

  private constructor(
    private readonly client: Redis,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.client.on('ready', () => (this.down = false));
    this.client.on('error', (err) => this.outage(err));
  }

  private outage(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log('Redis unreachable: captchas and duplicate checks work per instance until it is back:', err);
  }

  private async run<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (this.client.status !== 'ready') return fallback();
    try {
      return await remote();
    } catch (err) {
      this.outage(err);
      return fallback();
    }
  }

  get<T>(key: string): Promise<T | undefined> {
    return this.run(
      async () => {
        const raw = await this.client.get(key);
        return raw === null ? undefined : (JSON.parse(raw) as T);
      },
      () => this.local.get<T>(key),
    );
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.run(
      async () => void (await this.client.set(key, JSON.stringify(value), 'EX', ttlSeconds)),
      () => this.local.set(key, value, ttlSeconds),
    );
  }

  delete(key: string): Promise<void> {
    return this.run(
      async () => void (await this.client.del(key)),
      () => this.local.delete(key),
    );
  }

  take<T>(key: string): Promise<T | undefined> {
    return this.run(
      async () => {
        // GETDEL (Redis 6.2+) reads and removes in one command.
        const raw = await this.client.getdel(key);
        return raw === null ? undefined : (JSON.parse(raw) as T);
      },
      () => this.local.take<T>(key),
    );
  }

  add(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.run(
      async () => (await this.client.set(key, JSON.stringify(value), 'EX', ttlSeconds, 'NX')) === 'OK',
      () => this.local.add(key, value, ttlSeconds),
    );
  }

  close(): void {
    this.client.disconnect();
  }
}
