import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installedSite, type TestSite } from './support/app.js';

// A built web app of our own, with the .br/.gz copies the build writes (web/precompress.ts): the
// server reads its location when the module is loaded, so it is set before any import runs.
const webDist = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR || '/tmp'}/answer-static-web-${process.pid}`;
  process.env.ANSWER_STATIC_PATH = dir;
  return dir;
});

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const HASHED = 'index-AbC123xy.js';

let site: TestSite;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  const file = path.join(webDist, 'static', HASHED);
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  site = await installedSite();
});
afterAll(async () => {
  await site?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

describe('hashed static files', () => {
  it('are cached for a year as immutable', async () => {
    const res = await get(`/static/${HASHED}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
  });

  it('are sent as the Brotli copy written at build time when the browser accepts it', async () => {
    const res = await get(`/static/${HASHED}`, { 'accept-encoding': 'br, gzip' });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'br']);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('are sent as the gzip copy to a browser without Brotli', async () => {
    const res = await get(`/static/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });
});

describe('API replies', () => {
  it('carry a weak ETag and answer 304 when the client holds the same body', async () => {
    const first = await get('/answer/api/v1/siteinfo');
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await get('/answer/api/v1/siteinfo', { 'if-none-match': tag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(again.headers.etag).toBe(tag);
    // Compressed or not, the content is the same: so is its tag.
    const compressed = await get('/answer/api/v1/siteinfo', { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(compressed.statusCode).toBe(304);
  });

  it('answer 200 with the body when the tag differs', async () => {
    const res = await get('/answer/api/v1/siteinfo', { 'if-none-match': 'W/"something-else"' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toBeTruthy();
  });
});

describe('index.html', () => {
  it('is revalidated on every visit', async () => {
    const res = await get('/');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
