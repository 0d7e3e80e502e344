import { TIMINGS } from '@answer/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from './storage';

describe('storage with expiry', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('returns what was stored, with its type, before it expires', () => {
    storage.set(STORAGE_KEYS.languageResources, { lng: 'zh_CN', resources: { a: 1 } });
    vi.advanceTimersByTime(TIMINGS.storageLifetimeMs - 1);
    expect(storage.get(STORAGE_KEYS.languageResources)).toEqual({ lng: 'zh_CN', resources: { a: 1 } });
  });

  it('keeps entries 7 days by default and then drops them', () => {
    storage.set(STORAGE_KEYS.token, 'abc');
    vi.advanceTimersByTime(7 * 24 * 3600 * 1000);
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('honours a custom lifetime', () => {
    storage.set(STORAGE_KEYS.redirectPath, '/tags', 1000);
    vi.advanceTimersByTime(999);
    expect(storage.get(STORAGE_KEYS.redirectPath)).toBe('/tags');
    vi.advanceTimersByTime(1);
    expect(storage.get(STORAGE_KEYS.redirectPath)).toBeNull();
  });

  it('stores the expiry as a prefix of the raw value', () => {
    storage.set(STORAGE_KEYS.language, 'en_US');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe(`${Date.now() + TIMINGS.storageLifetimeMs}|"en_US"`);
  });

  it('treats values without a valid prefix or JSON as absent', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'raw-token');
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, `${Date.now() + 1000}|{broken`);
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });

  it('removes entries', () => {
    storage.set(STORAGE_KEYS.token, 'abc');
    storage.remove(STORAGE_KEYS.token);
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  });
});
