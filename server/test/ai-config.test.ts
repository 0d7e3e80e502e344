import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { isLinkLocal } from '../src/features/ai/provider-http.js';
import { testProvider } from '../src/features/ai/provider-test.js';
import { ADMIN, body, installedSite, login, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const CONFIG = '/answer/admin/api/ai-config';
const KEY = 'sk-test-Secret-0123456789abcdef';
const OTHER_KEY = 'sk-other-Secret-fedcba9876543210';

type Mode = 'ok' | 'unauthorized' | 'rate_limited' | 'malformed' | 'silent' | 'ollama';

/** A stand-in OpenAI-compatible server on a free loopback port: answers /v1/models as its mode says. */
async function startProvider() {
  const state: { mode: Mode; auth: (string | undefined)[] } = { mode: 'ok', auth: [] };
  const server = http.createServer((req, res) => {
    state.auth.push(req.headers.authorization);
    if (req.url !== '/v1/models') return res.writeHead(404).end('{}');
    const json = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (state.mode === 'silent') return; // never answers: the caller's timeout must end it
    if (state.mode === 'unauthorized') return json(401, { error: { message: 'Incorrect API key provided' } });
    if (state.mode === 'rate_limited') return json(429, { error: { message: 'Rate limit reached' } });
    if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [ {"id": "gpt-');
    if (state.mode === 'ollama') return json(200, { models: [{ name: 'llama3.1:latest' }, { name: 42 }] });
    json(200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }, { id: 'text-embedding-3-small', object: 'model' }, { id: { evil: true } }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise((r) => (sockets.forEach((s) => s.destroy()), server.close(r))),
  };
}

describe.each(dialectTargets())('AI provider settings on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token = admin.token) =>
    site.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const config = async () => {
    const res = await call('GET', CONFIG);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const rawRow = async () =>
    (await site.runtime.database.selectFrom('site_info').select('content').where('type', '=', 'ai').executeTakeFirst())?.content ?? '';
  const openai = (extra: Record<string, unknown> = {}) => ({ provider: 'openai', api_host: provider.url, api_key: KEY, model: 'gpt-4o-mini', ...extra });

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    provider = await startProvider();
  });
  afterAll(async () => {
    await provider?.close();
    await stop?.();
  });

  it('is for administrators only', async () => {
    const user = await member(site, 'ai_member');
    for (const [method, url] of [['GET', CONFIG], ['PUT', CONFIG], ['POST', `${CONFIG}/test`]] as const) {
      expect((await call(method, url, {}, '')).statusCode).toBe(401);
      expect((await call(method, url, {}, user.token)).statusCode).toBe(403);
    }
  });

  it('starts off, with the presets', async () => {
    const data = await config();
    expect(data).toMatchObject({ enabled: false, chosen_provider: '', ai_providers: [], semantic_search_enabled: false, allowed_roles: [1, 2, 3] });
    expect(data.presets.map((p: { provider: string }) => p.provider)).toEqual(['openai', 'azure_openai', 'ollama', 'vllm', 'openai_compatible']);
    expect(data.presets.find((p: { provider: string }) => p.provider === 'ollama').api_host).toBe('http://127.0.0.1:11434');
  });

  it('saves and reads back in upstream 2.0 shape, the key encrypted and never returned', async () => {
    const put = await call('PUT', CONFIG, {
      enabled: true,
      chosen_provider: 'openai',
      ai_providers: [openai(), { provider: 'ollama', api_host: 'http://127.0.0.1:11434/', model: 'llama3.1' }],
      prompt_config: { zh_cn: '请简洁回答', en_us: 'Answer briefly' },
      embedding_model: 'text-embedding-3-small',
      semantic_search_enabled: true,
      daily_limit_per_member: 5,
      monthly_token_budget: 1_000_000,
      allowed_roles: [2, 3],
    });
    expect(put.statusCode, put.body).toBe(200);
    const data = await config();
    expect(data).toMatchObject({
      enabled: true,
      chosen_provider: 'openai',
      prompt_config: { zh_cn: '请简洁回答', en_us: 'Answer briefly' },
      embedding_model: 'text-embedding-3-small',
      semantic_search_enabled: true,
      daily_limit_per_member: 5,
      monthly_token_budget: 1_000_000,
      allowed_roles: [2, 3],
    });
    expect(data.ai_providers).toEqual([
      { provider: 'openai', api_host: provider.url, api_key: '', api_key_set: true, model: 'gpt-4o-mini', embedding_model: 'text-embedding-3-small' },
      { provider: 'ollama', api_host: 'http://127.0.0.1:11434', api_key: '', api_key_set: false, model: 'llama3.1', embedding_model: '' },
    ]);
    const row = await rawRow();
    expect(row).not.toContain(KEY);
    expect(row).not.toContain(KEY.slice(8, 20));
    expect(row).toMatch(/"api_key_enc":"enc:v1:/);
    // The secret the key is sealed with lives in config.yaml, not in the database.
    expect(site.runtime.config?.secret_key ?? process.env.ANSWER_SECRET_KEY).toBeTruthy();
  });

  it('keeps the stored key when the key is sent empty or left out, and our fields when an upstream client omits them', async () => {
    expect((await call('PUT', CONFIG, { enabled: true, chosen_provider: 'openai', ai_providers: [openai({ api_key: '' })] })).statusCode).toBe(200);
    const data = await config();
    expect(data.ai_providers[0].api_key_set).toBe(true);
    expect(data).toMatchObject({ daily_limit_per_member: 5, monthly_token_budget: 1_000_000, semantic_search_enabled: true, allowed_roles: [2, 3] });
    provider.state.mode = 'ok';
    provider.state.auth = [];
    // The test button without a key uses the stored one.
    const res = await call('POST', `${CONFIG}/test`, openai({ api_key: '' }));
    expect(body(res).data.ok).toBe(true);
    expect(provider.state.auth).toEqual([`Bearer ${KEY}`]);
    // A new key replaces it.
    expect((await call('PUT', CONFIG, { enabled: true, chosen_provider: 'openai', ai_providers: [openai({ api_key: OTHER_KEY })] })).statusCode).toBe(200);
    provider.state.auth = [];
    await call('POST', `${CONFIG}/test`, openai({ api_key: '' }));
    expect(provider.state.auth).toEqual([`Bearer ${OTHER_KEY}`]);
    expect(await rawRow()).not.toContain(OTHER_KEY);
    for (const res of [await call('GET', CONFIG), await call('POST', `${CONFIG}/test`, openai({ api_key: '' }))]) {
      expect(res.body).not.toContain(OTHER_KEY);
      expect(res.body).not.toContain(KEY);
    }
  });

  it('refuses bad input with field errors', async () => {
    const cases: [unknown, string[]][] = [
      [{ enabled: true, chosen_provider: '', ai_providers: [] }, ['chosen_provider']],
      [{ enabled: 'yes' }, ['enabled']],
      [{ ai_providers: [{ provider: 'skynet' }] }, ['ai_providers.0.provider']],
      [{ ai_providers: [{ provider: 'openai', api_host: 'ftp://x' }] }, ['ai_providers.0.api_host']],
      [{ ai_providers: [{ provider: 'openai' }, { provider: 'openai' }] }, ['ai_providers']],
      [{ daily_limit_per_member: -1, allowed_roles: [9] }, ['allowed_roles.0', 'daily_limit_per_member']],
      [{ ai_providers: [{ provider: 'openai', api_key: 'a\u0000b' }] }, ['ai_providers.0.api_key']],
    ];
    for (const [payload, fields] of cases) {
      const res = await call('PUT', CONFIG, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(body(res).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(fields);
    }
    expect((await call('POST', `${CONFIG}/test`, { provider: 'openai', api_host: 'not a url' })).statusCode).toBe(400);
    // Nothing of it was saved.
    expect((await config()).chosen_provider).toBe('openai');
  });

  it('tests the provider: models on success, a clear reason otherwise, never a 500', async () => {
    const test = async (mode: Mode, payload: Record<string, unknown> = openai()) => {
      provider.state.mode = mode;
      const res = await call('POST', `${CONFIG}/test`, payload);
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data;
    };
    const ok = await test('ok');
    expect(ok).toMatchObject({ ok: true, reason: '', status: 200, models: ['gpt-4o-mini', 'text-embedding-3-small'] });
    expect(ok.msg).toContain('2');
    expect(await test('ollama', { provider: 'ollama', api_host: `${provider.url}/v1` })).toMatchObject({ ok: true, models: ['llama3.1:latest'] });
    expect(await test('unauthorized')).toMatchObject({ ok: false, reason: 'unauthorized', status: 401 });
    expect(await test('rate_limited')).toMatchObject({ ok: false, reason: 'rate_limited', status: 429 });
    expect(await test('malformed')).toMatchObject({ ok: false, reason: 'malformed', status: 200 });
    expect(await test('ok', openai({ api_host: 'http://127.0.0.1:1' }))).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(await test('ok', openai({ api_host: 'http://169.254.169.254' }))).toMatchObject({ ok: false, reason: 'address_refused' });
    expect(await test('ok', openai({ api_host: '' }))).toMatchObject({ ok: false, reason: 'no_host' });
    // The reason comes translated into the admin's language.
    provider.state.mode = 'rate_limited';
    const zh = await site.app.inject({ method: 'POST', url: `${CONFIG}/test`, headers: { authorization: admin.token, 'accept-language': 'zh-CN' }, payload: openai() });
    expect(body(zh).data.msg).toContain('频率');
  });
});

describe('the provider call', () => {
  it('gives up on a provider that does not answer (timeout)', async () => {
    const provider = await startProvider();
    provider.state.mode = 'silent';
    try {
      // The route uses 10 s; the same code with a short limit, against a server that never answers.
      expect(await testProvider({ provider: 'openai', api_host: provider.url, api_key: KEY }, 200)).toMatchObject({ ok: false, reason: 'timeout' });
    } finally {
      await provider.close();
    }
  });

  it('refuses link-local addresses only (loopback and private networks are normal for Ollama/vLLM)', () => {
    expect(['169.254.169.254', 'fe80::1', '::ffff:169.254.169.254'].map(isLinkLocal)).toEqual([true, true, true]);
    expect(['127.0.0.1', '10.0.0.5', '192.168.1.2', '::1', 'api.openai.com'].map(isLinkLocal)).toEqual([false, false, false, false, false]);
  });

  it('never writes the key to the log', async () => {
    const site = await installedSite();
    const provider = await startProvider();
    const lines: string[] = [];
    const app = await buildApp({ runtime: site.runtime, logger: true, logStream: { write: (line) => lines.push(line) } });
    try {
      const token = await login({ ...site, app }, ADMIN.email, ADMIN.password);
      const headers = { authorization: token };
      const provider_ = { provider: 'openai', api_host: provider.url, api_key: KEY, model: 'm' };
      expect((await app.inject({ method: 'PUT', url: CONFIG, headers, payload: { enabled: true, chosen_provider: 'openai', ai_providers: [provider_] } })).statusCode).toBe(200);
      await app.inject({ method: 'POST', url: `${CONFIG}/test`, headers, payload: provider_ });
      provider.state.mode = 'unauthorized';
      await app.inject({ method: 'POST', url: `${CONFIG}/test`, headers, payload: provider_ });
      await app.inject({ method: 'PUT', url: CONFIG, headers, payload: { ai_providers: [{ ...provider_, api_host: 'bad' }] } });
      await app.inject({ method: 'GET', url: CONFIG, headers });
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.join('\n')).not.toContain(KEY.slice(8, 20));
    } finally {
      await app.close();
      await provider.close();
      await site.close();
    }
  });
});
