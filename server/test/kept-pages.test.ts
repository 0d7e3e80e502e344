import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveDataPaths } from '../src/config/paths.js';
import { cachedPage, cachedRenderedPage, changedQuestionLists, keptPageCount } from '../src/features/question/list-cache.js';
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

  it('load once for everyone asking at the same time', async () => {
    const site = runtime();
    let loads = 0;
    let finish: (() => void) | undefined;
    const load = async () => {
      loads++;
      await new Promise<void>((resolve) => (finish = resolve));
      return { html: 'page' };
    };
    // The site's generations exist already (a fresh site's first readers would each start one).
    await cachedRenderedPage(site, ['another'], async () => ({ html: '' }));
    const asking = Array.from({ length: 20 }, () => cachedRenderedPage(site, ['busy'], load));
    await vi.waitFor(() => expect(finish).toBeDefined());
    finish!();
    const pages = await Promise.all(asking);
    expect(loads).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('serve an expired page of the same generation while its successor loads, then the new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const site = runtime();
    let version = 0;
    const load = async () => ({ version: ++version });
    expect((await cachedPage(site, ['list'], load)).data).toEqual({ version: 1 });
    vi.setSystemTime(Date.now() + 10_500);
    // Past its seconds: the old page at once, the new one loading behind it.
    expect((await cachedPage(site, ['list'], load)).data).toEqual({ version: 1 });
    await vi.waitFor(async () => expect((await cachedPage(site, ['list'], load)).data).toEqual({ version: 2 }));
    expect(version).toBe(2);
  });

  it('never serve a page of an earlier generation', async () => {
    const site = runtime();
    await cachedPage(site, ['list'], async () => ({ version: 1 }));
    await changedQuestionLists(site);
    expect((await cachedPage(site, ['list'], async () => ({ version: 2 }))).data).toEqual({ version: 2 });
  });

  it('forget a load that failed, so the next reader tries again', async () => {
    const site = runtime();
    await expect(cachedPage(site, ['broken'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cachedPage(site, ['broken'], async () => ({ ok: true }))).data).toEqual({ ok: true });
  });
});
