import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredRoute } from './support/registered-routes.js';
import { ADMIN, body, installedSite, login, member, type TestSite } from './support/app.js';
import { buildApp } from '../src/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { keyLimits } from '../src/features/api-key/guard.js';

/** Every route the app registers, to walk with keys of each scope (as the authorization matrix does). */
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (original) => (await import('./support/registered-routes.js')).recordingFastify(await original(), registered));

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
const fillPath = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

/** API keys (issue 28): a key acts as its owner, never beyond its scope, and stops at once when it should. */
describe.each(dialectTargets())('API keys on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let writer: User;
  let routes: { method: string; url: string }[];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization?: string, payload?: unknown) =>
    site.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload !== undefined ? { payload: payload as object } : {}), remoteAddress: '198.51.100.9' });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  const makeKey = async (owner: User, scope: string, ring: 'user' | 'site' = 'user', expires_at = 0) =>
    (await ok(call('POST', ring === 'user' ? `${API}/user/api-key` : `${ADMIN_API}/api-key`, owner.token, { description: `${scope} key`, scope, expires_at }))).access_key as string;
  const bearer = (key: string) => `Bearer ${key}`;

  beforeAll(async () => {
    registered.length = 0;
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    writer = await member(site, `keywriter${target.name.slice(0, 3)}`, 2000);
    const seen = new Map<string, { method: string; url: string }>();
    for (const r of registered) if (['POST', 'PUT', 'DELETE'].includes(r.method) && r.url.startsWith('/answer/')) seen.set(`${r.method} ${r.url}`, r);
    routes = [...seen.values()];
  });
  afterAll(async () => stop?.());

  it('shows the secret once, keeps only its digest, and lets it act as its owner', async () => {
    const key = await makeKey(writer, 'read');
    expect(key).toMatch(/^ans_[A-Za-z0-9_-]{43}$/);
    const listed = await ok(call('GET', `${API}/user/api-key/all`, writer.token));
    expect(listed).toEqual([expect.objectContaining({ description: 'read key', scope: 'read', last_used_at: 0, expires_at: 0, access_key: `${key.slice(0, 10)}…` })]);
    expect(JSON.stringify(listed)).not.toContain(key);
    const stored = await site.runtime.database.selectFrom('api_key').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key.slice(10));
    const me = await ok(call('GET', `${API}/user/info`, bearer(key)));
    expect(me).toMatchObject({ id: writer.id, access_token: '' });
    const after = await ok(call('GET', `${API}/user/api-key/all`, writer.token));
    expect(after[0]).toMatchObject({ last_used_ip: '198.51.100.9' });
    expect(after[0].last_used_at).toBeGreaterThan(0);
    // Another member neither sees nor revokes it.
    const other = await member(site, `keyother${target.name.slice(0, 3)}`);
    expect(await ok(call('GET', `${API}/user/api-key/all`, other.token))).toEqual([]);
    expect((await call('DELETE', `${API}/user/api-key`, other.token, { id: listed[0].id })).statusCode).toBe(404);
  });

  it('accepts upstream 2.0 scope names and refuses the admin scope on a personal key', async () => {
    await makeKey(writer, 'read-only');
    await makeKey(writer, 'global');
    const scopes = (await ok(call('GET', `${API}/user/api-key/all`, writer.token))).map((k: { scope: string }) => k.scope);
    expect(scopes.slice(0, 2)).toEqual(['write', 'read']);
    expect((await call('POST', `${API}/user/api-key`, writer.token, { description: 'x', scope: 'admin' })).statusCode).toBe(400);
    const bad = await call('POST', `${API}/user/api-key`, writer.token, { description: '', scope: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['description', 'scope']);
  });

  it('refuses every write with a read key, and every admin call without the admin scope', async () => {
    const read = bearer(await makeKey(writer, 'read'));
    const siteWrite = bearer(await makeKey(admin, 'write', 'site'));
    expect(routes.length).toBeGreaterThan(60);
    const passed: string[] = [];
    // The MCP endpoint only reads; its write tools are write calls, refused like these (mcp.test.ts).
    for (const route of routes.filter((r) => r.url !== `${API}/mcp`)) {
      const url = fillPath(route.url);
      const method = route.method as 'POST' | 'PUT' | 'DELETE';
      const byRead = await call(method, url, read, {});
      if (byRead.statusCode !== 403) passed.push(`read ${route.method} ${route.url} ${byRead.statusCode}`);
      if (route.url.startsWith(ADMIN_API)) {
        const bySiteWrite = await call(method, url, siteWrite, {});
        if (bySiteWrite.statusCode !== 403) passed.push(`site write ${route.method} ${route.url} ${bySiteWrite.statusCode}`);
      }
    }
    expect(passed).toEqual([]);
    expect(body(await call('POST', `${API}/question`, read, { title: 'A question asked with a read key', content: 'Body long enough.', tags: [] })).reason).toBe('error.api_key.scope');
    expect((await call('GET', `${ADMIN_API}/users/page?page=1`, siteWrite)).statusCode).toBe(403);
  });

  it('lets a write key write as its owner and an admin key reach the admin API, but never manage keys or the account', async () => {
    const write = bearer(await makeKey(writer, 'write'));
    const asked = await ok(call('POST', `${API}/question`, write, { title: 'A question asked with a write key', content: 'A body long enough to be a question.', tags: [{ slug_name: 'support' }] }));
    const row = await site.runtime.database.selectFrom('question').select('user_id').where('id', '=', asked.id).executeTakeFirstOrThrow();
    expect(String(row.user_id)).toBe(writer.id);
    // The owner is no admin: the admin API stays closed to their key as to them.
    expect((await call('GET', `${ADMIN_API}/users/page?page=1`, write)).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['POST', `${API}/user/api-key`, { description: 'more', scope: 'write' }],
      ['GET', `${API}/user/api-key/all`, undefined],
      ['PUT', `${API}/user/password`, { old_pass: 'password-123', pass: 'password-456' }],
      ['PUT', `${API}/user/email`, { e_mail: 'taken@example.com', pass: 'password-123' }],
    ] as const) {
      const res = await call(method, url, write, payload);
      expect([url, res.statusCode, body(res).reason]).toEqual([url, 403, 'error.api_key.session_only']);
    }
    const adminKey = bearer(await makeKey(admin, 'admin', 'site'));
    expect((await call('GET', `${ADMIN_API}/users/page?page=1`, adminKey)).statusCode).toBe(200);
    const siteKeys = await ok(call('GET', `${ADMIN_API}/api-key/all`, admin.token));
    expect(siteKeys[0]).toMatchObject({ scope: 'admin', owner: { username: expect.any(String) } });
    // A personal key is not a site key: the admin list does not show it, nor the member's.
    expect(siteKeys.map((k: { owner: { username: string } }) => k.owner.username)).not.toContain(`keywriter${target.name.slice(0, 3)}`);
  });

  it('refuses an expired, revoked or unknown key, and the key of a suspended owner until reactivated', async () => {
    const key = await makeKey(writer, 'read');
    const info = () => call('GET', `${API}/user/info`, bearer(key));
    const soon = Math.floor(Date.now() / 1000) + 3600;
    const expiring = await makeKey(writer, 'read', 'user', soon);
    await site.runtime.database.updateTable('api_key').set({ expires_at: soon - 7200 }).where('prefix', '=', expiring.slice(0, 10)).execute();
    expect(body(await call('GET', `${API}/user/info`, bearer(expiring))).reason).toBe('error.api_key.expired');
    expect(body(await call('GET', `${API}/user/info`, bearer('ans_nothing-of-ours'))).reason).toBe('error.api_key.invalid');
    expect((await call('POST', `${API}/user/api-key`, writer.token, { description: 'x', scope: 'read', expires_at: 5 })).statusCode).toBe(400);
    // Suspended: refused at once; reactivated: works again.
    expect((await call('PUT', `${ADMIN_API}/user/status`, admin.token, { user_id: writer.id, status: 'suspended', suspended_until: soon })).statusCode).toBe(200);
    const refused = await info();
    expect([refused.statusCode, body(refused).reason]).toEqual([401, 'error.api_key.owner_disabled']);
    expect((await call('PUT', `${ADMIN_API}/user/status`, admin.token, { user_id: writer.id, status: 'normal' })).statusCode).toBe(200);
    expect((await info()).statusCode).toBe(200);
    // Revoked (the owner signed in again after the suspension ended their sessions).
    writer = { ...writer, token: (await site.app.inject({ method: 'POST', url: `${API}/user/login/email`, payload: { e_mail: `keywriter${target.name.slice(0, 3)}@example.com`, pass: 'password-123' } })).json().data.access_token };
    const id = (await ok(call('GET', `${API}/user/api-key/all`, writer.token))).find((k: { access_key: string }) => k.access_key.startsWith(key.slice(0, 10))).id;
    await ok(call('DELETE', `${API}/user/api-key`, writer.token, { id }));
    expect(body(await info()).reason).toBe('error.api_key.revoked');
    expect((await call('DELETE', `${API}/user/api-key`, writer.token, { id })).statusCode).toBe(404);
  });

  it('writes site keys made, revoked and refused to the moderation log, once per refusal in a while', async () => {
    const key = await makeKey(admin, 'read', 'site');
    const id = (await ok(call('GET', `${ADMIN_API}/api-key/all`, admin.token)))[0].id;
    for (let i = 0; i < 3; i++) expect((await call('POST', `${API}/question`, bearer(key), {})).statusCode).toBe(403);
    await ok(call('DELETE', `${ADMIN_API}/api-key`, admin.token, { id }));
    const log = async (action: string) => (await ok(call('GET', `${ADMIN_API}/moderation/log?action=${action}&page=1`, admin.token))).list as { detail: unknown }[];
    expect((await log('api_key.create')).length).toBeGreaterThan(0);
    expect((await log('api_key.revoke')).length).toBeGreaterThan(0);
    expect(JSON.stringify(await log('api_key.refused'))).toContain('error.api_key.scope');
    // One entry for this key however often it was refused (matched on the detail's id, not anywhere in the row).
    expect((await log('api_key.refused')).filter((e) => JSON.stringify(e.detail).includes(`"id":"${id}"`)).length).toBe(1);
    expect(JSON.stringify(await log('api_key.create'))).not.toContain(key);
  });

  it('has a rate limit of its own per key', async () => {
    const key = bearer(await makeKey(writer, 'read'));
    const limit = keyLimits.perMinute;
    keyLimits.perMinute = 3;
    // The count is per minute of the clock: the calls are made at a fixed second of one minute, so
    // the window cannot turn between them and let the fifth through.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await call('GET', `${API}/user/info`, key)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another key of the same owner has its own count.
      expect((await call('GET', `${API}/user/info`, bearer(await makeKey(writer, 'read')))).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      keyLimits.perMinute = limit;
    }
  });
});

it('never writes a key to the log, sent as a header or as the Authorization query parameter, used or refused', async () => {
  const site = await installedSite();
  const lines: string[] = [];
  const app = await buildApp({ runtime: site.runtime, logger: true, logStream: { write: (line) => lines.push(line) } });
  try {
    const token = await login({ ...site, app }, ADMIN.email, ADMIN.password);
    const made = await app.inject({ method: 'POST', url: '/answer/api/v1/user/api-key', headers: { authorization: token }, payload: { description: 'logged?', scope: 'read' } });
    const key = made.json().data.access_key as string;
    expect(key).toMatch(/^ans_/);
    expect((await app.inject({ url: '/answer/api/v1/user/info', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
    expect((await app.inject({ url: `/answer/api/v1/user/info?Authorization=${encodeURIComponent(key)}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/answer/api/v1/question', headers: { authorization: key }, payload: {} })).statusCode).toBe(403);
    const id = (await app.inject({ url: '/answer/api/v1/user/api-key/all', headers: { authorization: token } })).json().data[0].id;
    await app.inject({ method: 'DELETE', url: '/answer/api/v1/user/api-key', headers: { authorization: token }, payload: { id } });
    expect((await app.inject({ url: '/answer/api/v1/user/info', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(401);
    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(4, 20));
  } finally {
    await app.close();
    await site.close();
  }
});

