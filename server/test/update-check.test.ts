import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteVersion } from '../src/features/admin/update-check.js';
import { installedSite, type TestSite } from './support/app.js';

describe('the dashboard update check', () => {
  let site: TestSite;
  let feed: http.Server;
  let asked = 0;

  beforeAll(async () => {
    site = await installedSite();
    feed = http.createServer((_req, res) => {
      asked++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ 'dist-tags': { latest: '9.9.9' } }));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    delete process.env.ANSWER_UPDATE_URL;
    feed?.close();
    await site?.close();
  });

  it('asks nobody while check_update is off (the default), even with a feed set', async () => {
    process.env.ANSWER_UPDATE_URL = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/`;
    expect(await remoteVersion(site.runtime, false)).toBe('');
    expect(asked).toBe(0);
  });

  it('reads the newest version from the feed when on, once an hour', async () => {
    expect(await remoteVersion(site.runtime, true)).toBe('9.9.9');
    expect(await remoteVersion(site.runtime, true)).toBe('9.9.9');
    expect(asked).toBe(1);
  });

  it('shows unknown when the feed cannot be reached', async () => {
    await site.runtime.cache.delete('answer:remote-version');
    process.env.ANSWER_UPDATE_URL = 'http://127.0.0.1:1/';
    expect(await remoteVersion(site.runtime, true)).toBe('');
  });
});
