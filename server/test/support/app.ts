import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { resolveDataPaths } from '../../src/config/paths.js';
import { forgetThrottleSettings } from '../../src/features/captcha/settings.js';
import { Runtime } from '../../src/runtime.js';

export interface TestSite {
  app: FastifyInstance;
  runtime: Runtime;
  dataDir: string;
  /** Rebuilds runtime and app on the same data directory, as a process restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'answer-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startSite(dataDir = tempDir()): Promise<TestSite> {
  const site = { dataDir } as TestSite;
  const boot = async () => {
    site.runtime = new Runtime(resolveDataPaths(dataDir));
    await site.runtime.open();
    site.app = await buildApp({ runtime: site.runtime });
  };
  site.close = async () => {
    await site.app.close();
    await site.runtime.close();
  };
  site.restart = async () => {
    await site.close();
    await boot();
  };
  await boot();
  return site;
}

/** The parsed envelope of a reply. */
export function body<T = any>(res: LightMyRequestResponse): { code: number; reason: string; msg: string; data: T } {
  return res.json();
}

export const ADMIN = { name: 'admin', password: 'admin-pass-123', email: 'admin@example.com' };

export function baseInfo(overrides: Record<string, unknown> = {}) {
  return {
    lang: 'en_US',
    site_name: 'Test Site',
    site_url: 'http://127.0.0.1:9080',
    contact_email: 'contact@example.com',
    name: ADMIN.name,
    password: ADMIN.password,
    email: ADMIN.email,
    login_required: false,
    ...overrides,
  };
}

/** Runs wizard steps 2-4 through HTTP and checks each step succeeded. */
export async function installThroughApi(site: TestSite, db: Record<string, unknown>, info = baseInfo()) {
  for (const [url, payload] of [
    ['/installation/db/check', db],
    ['/installation/init', db],
    ['/installation/base-info', info],
  ] as const) {
    const res = await site.app.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  }
}

export async function installedSite(info = baseInfo()): Promise<TestSite> {
  const site = await startSite();
  await installThroughApi(site, { db_type: 'sqlite3' }, info);
  return site;
}

/** Logs in through the API and returns the access token. */
export async function login(site: TestSite, email: string, password: string, ip = '127.0.0.1'): Promise<string> {
  const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: email, pass: password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return res.json().data.access_token;
}

/** Points the site's SMTP settings at a local receiver (as the admin would). */
export async function useSmtp(site: TestSite, port: number) {
  const token = await login(site, ADMIN.email, ADMIN.password);
  const res = await site.app.inject({
    method: 'PUT',
    url: '/answer/admin/api/setting/smtp',
    headers: { authorization: token },
    payload: { from_email: 'noreply@example.com', from_name: 'Test Site', smtp_host: '127.0.0.1', smtp_port: port, encryption: '', smtp_authentication: false },
  });
  if (res.statusCode !== 200) throw new Error(`smtp settings failed ${res.statusCode}: ${res.body}`);
  return token;
}

/** A verified member with the given reputation, logged in; returns id and token. */
export async function member(site: TestSite, name: string, rank = 1): Promise<{ id: string; token: string }> {
  const res = await site.app.inject({
    method: 'POST',
    url: '/answer/api/v1/user/register/email',
    payload: { name, e_mail: `${name}@example.com`, pass: 'password-123' },
    remoteAddress: `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`register ${name} failed: ${res.body}`);
  const data = res.json().data;
  await site.runtime.database.updateTable('user').set({ mail_status: 1, rank }).where('id', '=', data.id).execute();
  return { id: String(data.id), token: data.access_token };
}

/** Lifts the captcha triggers (posting speed, counts) for tests that post quickly on purpose. */
export async function relaxCaptcha(site: TestSite) {
  const { DEFAULT_LIMITS } = await import('../../src/features/captcha/limits.js');
  const captcha = Object.fromEntries(Object.keys(DEFAULT_LIMITS.captcha).map((k) => [k, { count: 100000, windowSeconds: 60 }]));
  await site.runtime.database.insertInto('config').values({ id: 9001, key: 'security.limits', value: JSON.stringify({ captcha }) }).execute();
  await forgetThrottleSettings(site.runtime);
}
