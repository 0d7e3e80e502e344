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

  it('gives the question only to an anonymous reader, and only for its own id', async () => {
    const { inlineQuestion } = await load('{"question":{"id":"10010000000000001","info":{"title":"T"},"answers":{"count":0,"list":[]}}}');
    expect(inlineQuestion('10010000000000001', false)?.info.title).toBe('T');
    expect(inlineQuestion('10010000000000001', true)).toBeUndefined();
    expect(inlineQuestion('10010000000000002', false)).toBeUndefined();
  });
});
