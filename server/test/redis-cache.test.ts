import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../src/core/cache.js';
import { RedisCache } from '../src/core/redis-cache.js';
import { serviceRequired } from './support/databases.js';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `answer-test:${Math.random().toString(36).slice(2)}`;

describe('MemoryCache', () => {
  it('add and take are single-winner under a burst', async () => {
    const cache = new MemoryCache();
    expect((await Promise.all(Array.from({ length: 20 }, () => cache.add('k', 1, 60)))).filter(Boolean)).toHaveLength(1);
    expect((await Promise.all(Array.from({ length: 20 }, () => cache.take('k')))).filter((v) => v !== undefined)).toHaveLength(1);
  });
});

(redisUrl || serviceRequired() ? describe : describe.skip)('RedisCache (needs TEST_REDIS_URL)', () => {
  const logged: string[] = [];
  let cache: RedisCache;
  beforeAll(async () => {
    cache = await RedisCache.connect(redisUrl ?? 'redis://127.0.0.1:6379', (msg) => logged.push(msg));
  });
  const ready = async () => {
    for (let i = 0; i < 100 && (cache as unknown as { client: { status: string } }).client.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 20));
  };
  afterAll(() => cache.close());

  it('stores values as JSON with a lifetime, deletes them', async () => {
    await ready();
    await cache.set(`${prefix}:a`, { n: 1 }, 60);
    expect(await cache.get(`${prefix}:a`)).toEqual({ n: 1 });
    await cache.delete(`${prefix}:a`);
    expect(await cache.get(`${prefix}:a`)).toBeUndefined();
    await cache.set(`${prefix}:short`, 'x', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.get(`${prefix}:short`)).toBeUndefined();
  });

  it('add and take give exactly one winner in a burst', async () => {
    await ready();
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.add(`${prefix}:once`, i, 60)));
    expect(added.filter(Boolean)).toHaveLength(1);
    const taken = await Promise.all(Array.from({ length: 20 }, () => cache.take(`${prefix}:once`)));
    expect(taken.filter((v) => v !== undefined)).toHaveLength(1);
    expect(logged).toEqual([]);
  });
});

describe('RedisCache with Redis unreachable', () => {
  it('falls back to a local cache and logs the outage once', async () => {
    const logged: string[] = [];
    const cache = await RedisCache.connect('redis://127.0.0.1:1', (msg) => logged.push(msg));
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(await cache.add('k', 'v', 60)).toBe(true);
      expect(await cache.add('k', 'v', 60)).toBe(false);
      expect(await cache.take('k')).toBe('v');
      expect(await cache.take('k')).toBeUndefined();
      expect(logged.length).toBe(1);
    } finally {
      cache.close();
    }
  });
});
