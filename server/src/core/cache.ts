import { counts } from './metrics-counts.js';

/**
 * Key/value cache with per-entry lifetime. `runtime.cache` is process-local (settings, list pages:
 * kept in step across instances by core/invalidation); `runtime.shared` is the Redis-backed one when
 * data.redis is set, for state another instance must see (captcha codes, duplicate markers).
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Reads and removes in one step: of concurrent callers only one gets the value (single-use codes). */
  take<T>(key: string): Promise<T | undefined>;
  /** Sets the key only if it is absent, in one step: of concurrent callers exactly one gets true. */
  add(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
}

export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  constructor(private readonly maxEntries = 10_000) {}

  async get<T>(key: string): Promise<T | undefined> {
    const e = this.entries.get(key);
    if (!e) {
      counts.cacheMisses++;
      return undefined;
    }
    if (e.expires < Date.now()) {
      this.entries.delete(key);
      counts.cacheMisses++;
      return undefined;
    }
    counts.cacheHits++;
    return e.value as T;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    // Map keeps insertion order: dropping the first key evicts the oldest entry.
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async add(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    // Check and set with no await in between, so no other request can run in the gap.
    const e = this.entries.get(key);
    if (e && e.expires >= Date.now()) return false;
    void this.set(key, value, ttlSeconds);
    return true;
  }

  async take<T>(key: string): Promise<T | undefined> {
    // No await between the read and the delete, so no other request can run in between.
    const e = this.entries.get(key);
    this.entries.delete(key);
    return e && e.expires >= Date.now() ? (e.value as T) : undefined;
  }
}
