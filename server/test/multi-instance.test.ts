import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../src/core/cache.js';
import { Invalidation } from '../src/core/invalidation.js';
import { ADMIN, baseInfo, installThroughApi, startSite, tempDir } from './support/app.js';
import { createThrowawayDb, serviceRequired, type ThrowawayDb } from './support/databases.js';

/**
 * Two real server processes (as `npm start` runs them) on one PostgreSQL database and one Redis:
 * a setting saved through one is served by the other within a second, although the other had it
 * cached for an hour.
 */
const pgUrl = process.env.TEST_PG_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const runnable = Boolean(pgUrl && redisUrl) || serviceRequired();
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/answer.js');
const START_TIMEOUT_MS = 30_000;

interface Instance {
  url: string;
  process: ChildProcess;
}

/** Starts `answer run` on a random 127.0.0.1 port and resolves with its address once it listens. */
function startInstance(dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, [BIN, 'run', '-C', dataDir], {
    env: { ...process.env, SITE_ADDR: '127.0.0.1:0', AUTO_INSTALL: '', ANSWER_REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`no "Server listening" within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, process: child });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => instance.process.kill('SIGKILL'), 5000);
    instance.process.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    instance.process.kill('SIGTERM');
  });
}

async function api<T = any>(instance: Instance, method: string, url: string, token?: string, payload?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  return { status: res.status, data: (await res.json()).data };
}

(runnable ? describe : describe.skip)('two instances sharing PostgreSQL and Redis (needs TEST_PG_URL and TEST_REDIS_URL)', () => {
  let db: ThrowawayDb | undefined;
  const instances: Instance[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    if (!redisUrl) throw new Error('TEST_REDIS_URL is not set but REQUIRE_SERVICES=1 requires Redis');
    db = await createThrowawayDb('postgres', pgUrl);
    // Install through the wizard API in process, then give both instances the same config plus Redis.
    const installer = await startSite();
    dirs.push(installer.dataDir);
    await installThroughApi(installer, { db_type: 'postgres', db_host: db.host, db_username: db.user, db_password: db.password, db_name: db.name }, baseInfo());
    await installer.close();
    const config = YAML.parse(fs.readFileSync(path.join(installer.dataDir, 'conf/config.yaml'), 'utf8'));
    config.data.redis = redisUrl;
    for (let i = 0; i < 2; i++) {
      const dir = tempDir('answer-multi-');
      dirs.push(dir);
      fs.mkdirSync(path.join(dir, 'conf'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'conf/config.yaml'), YAML.stringify({ ...config, service_config: { upload_path: path.join(dir, 'uploads') } }));
    }
    instances.push(...(await Promise.all(dirs.slice(1).map(startInstance))));
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await db?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the site name saved on one instance is served by the other within a second', async () => {
    const [a, b] = instances as [Instance, Instance];
    const login = await api<{ access_token: string }>(a, 'POST', '/answer/api/v1/user/login/email', undefined, { e_mail: ADMIN.email, pass: ADMIN.password });
    expect(login.status).toBe(200);
    const token = login.data.access_token;
    // B reads (and caches) the settings first, so only the invalidation can make it see the change.
    const siteName = async (instance: Instance) => (await api(instance, 'GET', '/answer/api/v1/siteinfo')).data.general.name as string;
    expect(await siteName(b)).toBe('Test Site');

    const general = await api(a, 'GET', '/answer/admin/api/siteinfo/general', token);
    expect(general.status).toBe(200);
    const saved = await api(a, 'PUT', '/answer/admin/api/siteinfo/general', token, { ...general.data, name: 'Renamed On A' });
    expect(saved.status).toBe(200);
    const deadline = Date.now() + 1000;
    let seen = '';
    while (Date.now() < deadline) {
      seen = await siteName(b);
      if (seen === 'Renamed On A') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe('Renamed On A');
  });

  it("signing out on one instance signs the other's rendered pages out within a second", async () => {
    const [a, b] = instances as [Instance, Instance];
    const res = await fetch(`${a.url}/answer/api/v1/user/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password }),
    });
    const token = (await res.json()).data.access_token as string;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('visit='))!.split(';')[0]!;
    // B renders a page for the reader: their session is now in B's cache.
    const signedIn = async () => (await (await fetch(`${b.url}/questions`, { headers: { cookie } })).text()).includes(`"e_mail":"${ADMIN.email}"`);
    expect(await signedIn()).toBe(true);
    expect((await api(a, 'GET', '/answer/api/v1/user/logout', token)).status).toBe(200);
    const deadline = Date.now() + 1000;
    let still = true;
    while (still && Date.now() < deadline) {
      still = await signedIn();
      if (still) await new Promise((r) => setTimeout(r, 50));
    }
    expect(still).toBe(false);
  });

  it('the same question sent to both instances at once is posted once (the duplicate marker is in Redis)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const token = (await api<{ access_token: string }>(a, 'POST', '/answer/api/v1/user/login/email', undefined, { e_mail: ADMIN.email, pass: ADMIN.password })).data.access_token;
    // A fresh title each run: the duplicate marker outlives the test in the shared Redis for 5 minutes.
    const run = Math.random().toString(36).slice(2, 8);
    const question = { title: `Posted through two instances at once ${run}`, content: 'One body sent twice by a double click.', tags: [{ slug_name: 'multi' }] };
    const replies = await Promise.all([a, b, a, b].map((instance) => api(instance, 'POST', '/answer/api/v1/question', token, question)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });
});

describe('settings invalidation with Redis down', () => {
  it('drops the key locally, logs once and does not fail', async () => {
    const cache = new MemoryCache();
    const logged: string[] = [];
    const invalidation = new Invalidation(cache, (msg) => logged.push(msg));
    await invalidation.start('redis://127.0.0.1:1');
    await cache.set('answer:site-settings', { cached: true }, 3600);
    await invalidation.invalidate('answer:site-settings');
    expect(await cache.get('answer:site-settings')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    invalidation.stop();
    expect(logged.some((m) => m.includes('publish'))).toBe(true);
    expect(logged.filter((m) => m.includes('publisher unreachable')).length).toBeLessThanOrEqual(1);
  });
});
