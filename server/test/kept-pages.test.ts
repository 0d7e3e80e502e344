import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveDataPaths } from '../src/config/paths.js';
import { cachedPage, cachedRenderedPage, keptPageCount } from '../src/features/question/list-cache.js';
import { Runtime } from '../src/runtime.js';

/** The stores of kept pages (question/list-cache.ts) hold memory only while their pages are live. */
describe('kept pages', () => {
  afterEach(() => vi.useRealTimers());
  const runtime = () => new Runtime(resolveDataPaths(path.join(os.tmpdir(), 'answer-kept-pages-unused')));

  it('are dropped when they expire, though no new page comes to push them out', async () => {
    vi.useFakeTimers();
    const site = runtime();
    for (let i = 0; i < 5; i++) await cachedRenderedPage(site, ['page', i], async () => ({ html: 'x'.repeat(1000) }));
    await cachedPage(site, ['list'], async () => ({ list: [] }));
    expect(keptPageCount(site, 'rendered')).toBe(5);
    expect(keptPageCount(site, 'visitors')).toBe(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(keptPageCount(site, 'rendered')).toBe(5);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(keptPageCount(site, 'rendered')).toBe(0);
    expect(keptPageCount(site, 'visitors')).toBe(0);
  });

  it('keep at most 200 rendered pages', async () => {
    const site = runtime();
    for (let i = 0; i < 230; i++) await cachedRenderedPage(site, ['page', i], async () => ({ html: 'x' }));
    expect(keptPageCount(site, 'rendered')).toBe(200);
  });
});
