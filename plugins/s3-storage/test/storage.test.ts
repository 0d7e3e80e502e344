import { randomBytes } from 'node:crypto';
import type { PluginRequest, PluginRoute } from '@answer/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import plugin from '../src/server.ts';
import { SITE_URL, configFor, fakeContext, hostKey, routeOf, startS3, type RunningS3 } from './harness.ts';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

const storage = plugin.storage!;
const FILE_ROUTE_BASE = `${SITE_URL}/answer/api/v1/plugin/s3_storage/file/`;

// Bytes shaped like a PNG; the plugin stores what the host verified and never decodes it.
const image = () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2048)]);

const get = (params: Record<string, string>): PluginRequest => ({ method: 'GET', params, query: {}, body: undefined, user: null, language: 'en_US', ip: '127.0.0.1' });

async function follow(route: PluginRoute, ctx: ReturnType<typeof fakeContext>, url: string): Promise<{ redirect: string; response: Response }> {
  // The host hands the route what follows /file/ as the wildcard parameter.
  expect(url.startsWith(FILE_ROUTE_BASE)).toBe(true);
  const reply = await route.handler(get({ '*': url.slice(FILE_ROUTE_BASE.length) }), ctx);
  if (!('redirect' in reply)) throw new Error(`expected a redirect, got ${JSON.stringify(reply)}`);
  return { redirect: reply.redirect, response: await fetch(reply.redirect) };
}

describe('public mode', () => {
  it('stores the file and its public URL gives back the same bytes and content type', async () => {
    const ctx = fakeContext(configFor(s3));
    const key = hostKey('png');
    const data = image();
    const { url } = await storage.upload({ key, data, mime: 'image/png', source: 'user_post' }, ctx);
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/site/${key}`);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
  });

  it('links through the configured public base URL (a CDN) when one is set', async () => {
    const ctx = fakeContext(configFor(s3, { public_base_url: 'https://cdn.example.test/files/' }));
    const key = hostKey('webp', 'avatar');
    const { url } = await storage.upload({ key, data: image(), mime: 'image/webp', source: 'user_avatar' }, ctx);
    expect(url).toBe(`https://cdn.example.test/files/site/${key}`);
    // The object is really there, under the prefix, whatever address visitors use.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/site/${key}`)).status).toBe(200);
  });

  it('sends anything but the verified image types as a download', async () => {
    const ctx = fakeContext(configFor(s3));
    const key = hostKey('svg');
    const { url } = await storage.upload({ key, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), mime: 'image/svg+xml', source: 'user_post' }, ctx);
    const response = await fetch(url);
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });

  it('refuses keys outside its own format before touching the bucket', async () => {
    const ctx = fakeContext(configFor(s3));
    for (const key of ['../escape.png', 'post/../../x.png', '/post/a.png', 'post//a.png', 'post/.hidden', 'post/a b.png', '']) {
      await expect(storage.upload({ key, data: image(), mime: 'image/png', source: 'user_post' }, ctx)).rejects.toThrow(/refusing the key/);
    }
  });

  it('fails clearly when no bucket is configured yet', async () => {
    const ctx = fakeContext({ url_mode: 'public' });
    await expect(storage.upload({ key: hostKey(), data: image(), mime: 'image/png', source: 'user_post' }, ctx)).rejects.toThrow(/No bucket is set/);
  });
});

describe('signed mode', () => {
  const route = routeOf(plugin.routes?.public, 'GET', '/file/*');

  it('returns a link on the site whose route redirects to a presigned URL that fetches the bytes', async () => {
    const ctx = fakeContext(configFor(s3, { url_mode: 'signed' }));
    const key = hostKey('jpg');
    const data = image();
    const { url } = await storage.upload({ key, data, mime: 'image/jpeg', source: 'user_post' }, ctx);
    expect(url).toBe(`${FILE_ROUTE_BASE}${key}`);

    const { redirect, response } = await follow(route, ctx, url);
    const signed = new URL(redirect);
    expect(signed.origin + signed.pathname).toBe(`${s3.endpoint}/${s3.bucket}/site/${key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe(String(15 * 60));
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    // Private files: no shared cache (CDN) may keep them.
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
  });

  it('answers 404 for keys it never writes, and signs nothing for them', async () => {
    const ctx = fakeContext(configFor(s3, { url_mode: 'signed' }));
    for (const key of ['../secret.txt', 'post/../../other/a.png', '..', '.env', 'post//a.png', 'post/a%2F..%2Fb', 'post/a b.png', '']) {
      const reply = await route.handler(get({ '*': key }), ctx);
      expect(reply).toMatchObject({ status: 404 });
      expect('redirect' in reply).toBe(false);
    }
    // No wildcard parameter at all.
    expect(await route.handler(get({}), ctx)).toMatchObject({ status: 404 });
  });

  it('keeps serving links made in signed mode after the admin switches to public', async () => {
    const ctx = fakeContext(configFor(s3, { url_mode: 'signed' }));
    const key = hostKey('gif');
    const { url } = await storage.upload({ key, data: image(), mime: 'image/gif', source: 'user_post' }, ctx);
    ctx.values = configFor(s3, { url_mode: 'public' });
    expect((await follow(route, ctx, url)).response.status).toBe(200);
  });
});

describe('remove', () => {
  it('deletes the object: a later GET is 404, and removing again still succeeds', async () => {
    const ctx = fakeContext(configFor(s3));
    const key = hostKey('png');
    const { url } = await storage.upload({ key, data: image(), mime: 'image/png', source: 'user_post' }, ctx);
    expect((await fetch(url)).status).toBe(200);
    await storage.remove!(key, ctx);
    expect((await fetch(url)).status).toBe(404);
    await storage.remove!(key, ctx);
  });
});

describe('two instances of the site on one bucket', () => {
  it("each sees, serves and removes the other's files", async () => {
    // A second copy of the module: its own client cache, as in another server process.
    vi.resetModules();
    const other = (await import('../src/server.ts')).default;
    expect(other).not.toBe(plugin);
    const ctxA = fakeContext(configFor(s3, { url_mode: 'signed' }));
    const ctxB = fakeContext(configFor(s3, { url_mode: 'signed' }));
    const routeA = routeOf(plugin.routes?.public, 'GET', '/file/*');
    const routeB = routeOf(other.routes?.public, 'GET', '/file/*');

    const keyA = hostKey('png');
    const dataA = image();
    const { url: urlA } = await storage.upload({ key: keyA, data: dataA, mime: 'image/png', source: 'user_post' }, ctxA);
    const keyB = hostKey('png');
    const dataB = image();
    const { url: urlB } = await other.storage!.upload({ key: keyB, data: dataB, mime: 'image/png', source: 'user_post' }, ctxB);

    // The stored URLs do not depend on which instance wrote the file.
    expect(urlA).toBe(`${FILE_ROUTE_BASE}${keyA}`);
    expect(urlB).toBe(`${FILE_ROUTE_BASE}${keyB}`);
    const fromB = await follow(routeB, ctxB, urlA);
    expect(Buffer.from(await fromB.response.arrayBuffer()).equals(dataA)).toBe(true);
    const fromA = await follow(routeA, ctxA, urlB);
    expect(Buffer.from(await fromA.response.arrayBuffer()).equals(dataB)).toBe(true);

    // A purge on one instance removes the file for both.
    await other.storage!.remove!(keyA, ctxB);
    expect((await follow(routeA, ctxA, urlA)).response.status).toBe(404);
  });
});

describe('config changes', () => {
  it('builds a new client when the saved settings change', async () => {
    const ctx = fakeContext(configFor(s3, { access_key_id: 'NOT-A-KEY', secret_access_key: 'wrong-secret' }));
    const key = hostKey('png');
    await expect(storage.upload({ key, data: image(), mime: 'image/png', source: 'user_post' }, ctx)).rejects.toThrow(/InvalidAccessKeyId/);
    ctx.values = configFor(s3);
    const { url } = await storage.upload({ key, data: image(), mime: 'image/png', source: 'user_post' }, ctx);
    expect((await fetch(url)).status).toBe(200);
  });
});
