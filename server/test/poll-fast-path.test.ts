import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverWithFastPath } from '../src/core/http-server.js';
import { POLL_PATH, pollFastPath } from '../src/features/notification/poll-fast-path.js';
import { rememberStatus } from '../src/features/notification/status-cache.js';
import { installedSite, member, type TestSite } from './support/app.js';

/**
 * The notification poll over real HTTP: a poll whose session and status are cached is answered
 * before Fastify (poll-fast-path.ts) with the same reply the full path gives; everything else is
 * left to the full path. The server here records which of the two answered each request.
 */
describe('the notification poll answered before the framework', () => {
  let site: TestSite;
  let server: Server;
  let base: string;
  const answeredFirst: boolean[] = [];

  beforeAll(async () => {
    site = await installedSite();
    await site.app.ready();
    const fastPath = pollFastPath(site.runtime);
    const factory = serverWithFastPath((req, res) => {
      const answered = fastPath(req, res);
      answeredFirst.push(answered);
      return answered;
    });
    server = factory((req, res) => site.app.routing(req, res), { keepAliveTimeout: 5_000, requestTimeout: 0, connectionTimeout: 0, maxRequestsPerSocket: 0 }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await site?.close();
  });
  beforeEach(() => {
    answeredFirst.length = 0;
  });

  /** One request; the reply's headers without those that change per connection or second. */
  async function poll(headers: Record<string, string>, options: { path?: string; method?: string } = {}) {
    const res = await fetch(base + (options.path ?? POLL_PATH), { method: options.method ?? 'GET', headers });
    const kept = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
    return { status: res.status, headers: kept, text: await res.text() };
  }

  it('answers a cached poll itself with the reply the full path gives', async () => {
    const reader = await member(site, 'fastreader');
    const full = await poll({ authorization: reader.token });
    const fast = await poll({ authorization: reader.token });
    expect(answeredFirst).toEqual([false, true]);
    expect(full.status).toBe(200);
    expect(JSON.parse(full.text)).toMatchObject({ code: 200, data: { inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null, badge_awards: [] } });
    expect(fast).toEqual(full);
    expect(fast.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' });
    // The same as in process (app.inject), which never takes the fast path.
    const injected = await site.app.inject({ method: 'GET', url: POLL_PATH, headers: { authorization: reader.token } });
    expect(injected.body).toBe(fast.text);
    expect(injected.headers.etag).toBe(fast.headers.etag);
  });

  it('answers If-None-Match with 304 as the full path does', async () => {
    const reader = await member(site, 'fastetag');
    const { headers } = await poll({ authorization: reader.token });
    const fast = await poll({ authorization: reader.token, 'if-none-match': headers.etag! });
    const full = await poll({ authorization: reader.token, 'if-none-match': headers.etag! }, { path: `${POLL_PATH}?t=1` });
    expect(answeredFirst).toEqual([false, true, false]);
    expect(fast.status).toBe(304);
    expect(full.status).toBe(304);
    expect(fast.text).toBe('');
    // The full path adds `content-length: 0`, which a 304 need not carry; every other header is the same.
    const { 'content-length': _, ...fullHeaders } = full.headers;
    expect(fast.headers).toEqual(fullHeaders);
  });

  it('shows a change at the next poll: the change forgets the cached status', async () => {
    const reader = await member(site, 'fastchange');
    await poll({ authorization: reader.token });
    await site.runtime.database.insertInto('notification_state').values({ user_id: reader.id, inbox: 4, achievement: 2, updated_at: 0 }).execute();
    expect(JSON.parse((await poll({ authorization: reader.token })).text).data.inbox).toBe(0);
    const reset = await fetch(base + POLL_PATH, { method: 'PUT', headers: { authorization: reader.token, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'achievement' }) });
    expect(reset.status).toBe(200);
    const after = await poll({ authorization: reader.token });
    expect(answeredFirst).toEqual([false, true, false, false]);
    expect(JSON.parse(after.text).data).toMatchObject({ inbox: 4, achievement: 0 });
  });

  it('leaves every refusal to the full path', async () => {
    expect((await poll({})).status).toBe(401);
    expect((await poll({ authorization: 'not-a-token' })).status).toBe(401);
    const leaving = await member(site, 'fastlogout');
    await poll({ authorization: leaving.token });
    expect((await poll({ authorization: leaving.token })).status).toBe(200);
    expect((await fetch(`${base}/answer/api/v1/user/logout`, { headers: { authorization: leaving.token } })).status).toBe(200);
    expect((await poll({ authorization: leaving.token })).status).toBe(401);
    expect(answeredFirst).toEqual([false, false, false, true, false, false]);
  });

  it('asks the guardian even when both caches hold the caller', async () => {
    const unverified = await member(site, 'fastunverified');
    await site.runtime.database.updateTable('user').set({ mail_status: 2 }).where('id', '=', unverified.id).execute();
    // The refused poll caches the session; a status cached for them (it never is) must not be sent.
    expect((await poll({ authorization: unverified.token })).status).toBe(403);
    rememberStatus(site.runtime, unverified.id, { inbox: 1, achievement: 0, revision: 0, can_revision: false, badges: [] });
    const refused = await poll({ authorization: unverified.token });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).reason).toBe('error.email.need_to_be_verified');
    expect(answeredFirst).toEqual([false, false]);
  });

  it('leaves HEAD, query strings and other paths to the framework', async () => {
    const reader = await member(site, 'fastother');
    await poll({ authorization: reader.token });
    expect((await poll({ authorization: reader.token }, { method: 'HEAD' })).status).toBe(200);
    expect((await poll({ authorization: reader.token }, { path: `${POLL_PATH}?_=1` })).status).toBe(200);
    expect((await poll({ authorization: reader.token }, { path: `${POLL_PATH}/` })).status).toBe(404);
    expect(answeredFirst).toEqual([false, false, false, false]);
  });
});

describe('the site server', () => {
  it('answers polls over HTTP through the fast path wiring', async () => {
    const site = await installedSite();
    try {
      const reader = await member(site, 'wiredreader');
      await site.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}${POLL_PATH}`;
      const first = await fetch(url, { headers: { authorization: reader.token } });
      const second = await fetch(url, { headers: { authorization: reader.token } });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await second.text()).toBe(await first.text());
      // Fastify's own keep-alive timeout still applies to the server it was handed.
      expect(site.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await site.close();
    }
  });
});
