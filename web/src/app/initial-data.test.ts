import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module over a page whose #initial-data holds `text` (or no such element). */
async function load(text?: string) {
  vi.resetModules();
  document.head.innerHTML = text === undefined ? '' : `<script type="application/json" id="initial-data">${text}</script>`;
  return import('./initial-data');
}

describe('the inline page data', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('is empty without the element or with broken JSON, so the app fetches as before', async () => {
    expect((await load()).initialData()).toEqual({});
    expect((await load('{not json')).initialData()).toEqual({});
  });

  it('reads the JSON the server escaped', async () => {
    const { initialData } = await load('{"siteinfo":{"general":{"name":"a \\u003c/script> b"}}}');
    expect(initialData().siteinfo?.general.name).toBe('a </script> b');
  });

  it('tells a server-rendered page by its queries', async () => {
    expect((await load('{"siteinfo":{},"queries":{"queries":[],"mutations":[]}}')).serverRendered()).toBe(true);
    expect((await load('{"siteinfo":{}}')).serverRendered()).toBe(false);
  });
});
