import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, installedSite, type TestSite } from './support/app.js';

// Rendered pages need the built web app (npm run build -w web); without it they are the bare shell,
// still compressed, but the content checks below fail.
let site: TestSite;
let tag: string;
let badge: string;
beforeAll(async () => {
  site = await installedSite();
  tag = (await site.runtime.database.selectFrom('tag').select('slug_name').where('status', '=', 1).executeTakeFirstOrThrow()).slug_name;
  badge = String((await site.runtime.database.selectFrom('badge').select('id').executeTakeFirstOrThrow()).id);
});
afterAll(async () => site?.close());

const get = (url: string, encoding: string) => site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.body;
}

// Every page path without a route of its own (the question page has one, and was compressed before).
const RENDERED = () => ['/', '/questions', `/tags/${tag}`, `/users/${ADMIN.name}`, '/badges', `/badges/${badge}`];

describe('server-rendered pages', () => {
  it('are sent Brotli-compressed to a browser that accepts it, rendered as before', async () => {
    for (const url of RENDERED()) {
      const res = await get(url, 'gzip, deflate, br');
      expect([res.statusCode, res.headers['content-encoding']], url).toEqual([200, 'br']);
      expect(res.headers.vary, url).toContain('accept-encoding');
      const html = decoded(res);
      expect(html, url).toContain('<div id="root" data-ssr>');
      expect(html, url).toContain('id="initial-data"');
      // The hooks every page passes still run: security headers, a fresh nonce per page, no ETag.
      expect(res.headers['content-security-policy'], url).toMatch(/'nonce-[^']+'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeUndefined();
    }
  });

  it('are gzip-compressed for a browser without Brotli, and sent as they are to one that accepts neither', async () => {
    const gzip = await get('/questions', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toContain('<div id="root" data-ssr>');
    const plain = await get('/questions', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root" data-ssr>');
  });

  it("include the 404 page of a path the app does not know, and of a path whose text no request may hold", async () => {
    for (const url of ['/no/such/page', '/tags/bad%00name']) {
      const res = await get(url, 'br');
      expect([res.statusCode, res.headers['content-encoding']], url).toEqual([404, 'br']);
      expect(decoded(res), url).toContain('<div id="root"><');
    }
  });

  it('leave unknown API paths their JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await site.app.inject({ method, url: '/answer/api/v1/no-such-call', headers: { 'accept-encoding': 'identity' } });
      expect([res.statusCode, res.json().reason], method).toEqual([404, 'base.not_found']);
    }
  });

  it('answer a HEAD request with the head of the page and no body', async () => {
    const res = await site.app.inject({ method: 'HEAD', url: '/questions', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });
});
