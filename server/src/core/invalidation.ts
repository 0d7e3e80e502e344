import type { Redis } from 'ioredis';
import type { Cache } from './cache.js';

export const INVALIDATE_CHANNEL = 'answer:invalidate';

/**
 * Keeps the in-process caches of several instances in step: dropping a key here publishes it on a
 * Redis channel, and every instance (this one included, harmlessly) drops it when the message
 * arrives. Without Redis only the local key goes. Redis being down never fails a request: the error
 * is logged and the cache lifetimes bound how long another instance serves the old value.
 */
export class Invalidation {
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  /** State kept outside the cache (the session cache): dropped by a function, by key prefix. */
  private readonly droppers: [prefix: string, drop: (rest: string) => void][] = [];

  constructor(
    private readonly cache: Cache,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Whether Redis is configured and reachable now (the dashboard shows it). */
  get connected(): boolean {
    return this.publisher?.status === 'ready';
  }

  /**
   * Connects publisher and subscriber; a second call (re-activation) keeps the first connection.
   * ioredis is imported here, so a site without Redis never loads it (issue 15: memory).
   */
  async start(url: string | undefined): Promise<void> {
    if (!url || this.publisher) return;
    const { Redis } = await import('ioredis');
    if (this.publisher) return; // another start got there during the import
    // Commands fail at once while disconnected instead of queueing behind a dead connection.
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url);
    for (const [name, client] of [['publisher', this.publisher], ['subscriber', this.subscriber]] as const) {
      // ioredis retries for ever and reports every failed attempt: one line per outage is enough.
      let down = false;
      client.on('ready', () => (down = false));
      client.on('error', (err) => {
        if (down) return;
        down = true;
        this.log(`Redis ${name} unreachable (other instances see settings changes when their cache expires):`, err);
      });
    }
    this.subscriber.on('message', (channel, key) => {
      if (channel === INVALIDATE_CHANNEL) void this.drop(key);
    });
    // Subscribing again after a reconnect is ioredis's default (autoResubscribe).
    this.subscriber.subscribe(INVALIDATE_CHANNEL).catch((err) => {
      if (this.subscriber) this.log('Redis subscribe failed:', err); // not after stop()
    });
  }

  /** Keys starting with `prefix` also call `drop` with the rest of the key, here and on every instance. */
  onDrop(prefix: string, drop: (rest: string) => void): void {
    this.droppers.push([prefix, drop]);
  }

  private async drop(key: string): Promise<void> {
    for (const [prefix, drop] of this.droppers) if (key.startsWith(prefix)) drop(key.slice(prefix.length));
    await this.cache.delete(key);
  }

  /** Drops the key here and asks the other instances to drop it too. */
  async invalidate(key: string): Promise<void> {
    await this.drop(key);
    if (!this.publisher) return;
    try {
      await this.publisher.publish(INVALIDATE_CHANNEL, key);
    } catch (err) {
      this.log(`Redis publish of "${key}" failed:`, err);
    }
  }

  stop(): void {
    const clients = [this.publisher, this.subscriber].filter((c): c is Redis => c !== null);
    this.publisher = this.subscriber = null;
    // disconnect, not quit: quit waits for a connection that may never come back.
    for (const client of clients) client.disconnect();
  }
}
