import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { ADMIN, body, installedSite, login, startSite, type TestSite } from './support/app.js';

// A built web app of our own (the real one may not be built): the server reads its location when
// the module is loaded, so it is set before any import runs.
const webDist = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR || '/tmp'}/answer-security-web-${process.pid}`;
  process.env.ANSWER_STATIC_PATH = dir;
  return dir;
});

const INDEX = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="__CSP_NONCE__" />
<script type="module" crossorigin src="/static/index.js" nonce="__CSP_NONCE__"></script>
</head><body><div id="root"></div></body></html>`;

beforeAll(() => {
  fs.mkdirSync(path.join(webDist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('before installation', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site.close());

  const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

  it('answers the boot calls of a client with 200 envelopes it can handle', async () => {
    const plugins = await get('/answer/api/v1/plugin/status');
    expect([plugins.statusCode, body(plugins).code, body(plugins).data]).toEqual([200, 200, []]);
    const settings = await get('/answer/api/v1/siteinfo');
    expect([settings.statusCode, body(settings).data]).toEqual([200, null]);
    // A stale token from an earlier site is not looked up: there is no database yet.
    const user = await get('/answer/api/v1/user/info', { authorization: 'left-over-token' });
    expect([user.statusCode, body(user).data]).toEqual([200, null]);
    const agent = await get('/answer/api/v1/user-center/agent');
    expect([agent.statusCode, body(agent).data]).toEqual([200, { enabled: false, agent_info: null }]);
    const language = await get('/answer/api/v1/language/config', { 'accept-language': 'en_US' });
    expect(language.statusCode).toBe(200);
    expect(Object.keys(body(language).data).length).toBeGreaterThan(0);
    const options = await get('/answer/api/v1/language/options');
    expect(body(options).data).toContainEqual({ label: 'English', value: 'en_US' });
    const css = await get('/custom.css');
    expect([css.statusCode, css.headers['content-type'], css.body]).toEqual([200, 'text/css; charset=utf-8', '']);
  });

  it('refuses the rest of the API with 503 and sends page loads to /install', async () => {
    for (const url of ['/answer/api/v1/question/page', '/answer/api/v1/tags/following', '/answer/admin/api/setting/smtp']) {
      const res = await get(url);
      expect([url, res.statusCode, body(res).reason]).toEqual([url, 503, 'base.not_installed']);
    }
    for (const url of ['/', '/questions/1', '/users/login']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 302, '/install']);
    }
    const installer = await get('/install');
    expect(installer.statusCode).toBe(200);
    expect(installer.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('request log', () => {
  it('masks tokens and one-time codes in logged URLs and never logs credential headers', async () => {
    const runtimeSite = await startSite();
    const lines: string[] = [];
    const app = await buildApp({ runtime: runtimeSite.runtime, logger: true, logStream: { write: (line) => lines.push(line) } });
    try {
      await app.inject({
        method: 'GET',
        url: '/answer/api/v1/user/info?Authorization=query-secret-1&lang=en',
        headers: { authorization: 'header-secret-2', cookie: 'visit=cookie-secret-3' },
      });
      await app.inject({ method: 'GET', url: '/users/password-reset?code=mailed-secret-4' });
      await app.inject({ method: 'GET', url: '/answer/api/v1/plugin/status?access_token=query-secret-5&%61uthorization=query-secret-6' });
    } finally {
      await app.close();
      await runtimeSite.runtime.close();
    }
    const log = lines.join('');
    expect(log).toContain('/answer/api/v1/user/info?Authorization=[redacted]&lang=en');
    expect(log).toContain('/users/password-reset?code=[redacted]');
    expect(log).toContain('/answer/api/v1/plugin/status?access_token=[redacted]&%61uthorization=[redacted]');
    for (const secret of ['query-secret-1', 'header-secret-2', 'cookie-secret-3', 'mailed-secret-4', 'query-secret-5', 'query-secret-6']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('forwarded addresses', () => {
  it('warns once when X-Forwarded-For comes from an address not listed as a trusted proxy', async () => {
    const runtimeSite = await startSite();
    const lines: string[] = [];
    const app = await buildApp({ runtime: runtimeSite.runtime, logger: true, logStream: { write: (line) => lines.push(line) } });
    const warnings = () => lines.filter((line) => line.includes('trusted_proxies'));
    try {
      await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3' });
      expect(warnings()).toEqual([]);
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    } finally {
      await app.close();
      await runtimeSite.runtime.close();
    }
    expect(warnings()).toHaveLength(1);
    expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40 });
    expect(warnings()[0]).toContain('10.1.2.3');
  });
});

describe('an installed site', () => {
  let site: TestSite;
  let token: string;
  beforeAll(async () => {
    site = await installedSite();
    token = await login(site, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => site.close());

  it('serves the app with a policy that forbids inline script and a fresh style nonce per page', async () => {
    const first = await site.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    const csp = directives(first.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:']));
    expect(csp['style-src']).not.toContain("'unsafe-inline'");
    const nonce = csp['style-src']!.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The page carries the same nonce where Vite put the placeholder, and no placeholder remains.
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['x-frame-options']).toBe('DENY');

    const second = await site.app.inject({ method: 'GET', url: '/questions' });
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  });

  it('marks API replies no-store and nosniff, errors included', async () => {
    for (const [url, auth] of [
      ['/answer/api/v1/siteinfo', ''],
      ['/answer/api/v1/user/info', token],
      ['/answer/api/v1/question/page?page=1', token],
      ['/answer/api/v1/no-such-route', ''],
      ['/answer/admin/api/setting/smtp', ''],
    ] as const) {
      const res = await site.app.inject({ method: 'GET', url, headers: { authorization: auth } });
      expect([url, res.headers['cache-control'], res.headers['x-content-type-options']]).toEqual([url, 'no-store', 'nosniff']);
    }
  });

  it('serves uploaded images inline with their own type and anything else as an opaque download', async () => {
    const boundary = '----sec';
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\npost\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/file',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    const image = await site.app.inject({ method: 'GET', url: body<string>(uploaded).data });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(image.headers['content-security-policy'])).toMatchObject({ 'default-src': ["'none'"], sandbox: [] });

    // A file that did not come through the upload service (e.g. left by an older installation).
    const uploads = site.runtime.config?.service_config?.upload_path || site.runtime.paths.uploads;
    fs.mkdirSync(path.join(uploads, 'post'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'post', 'page.html'), '<script>alert(document.cookie)</script>');
    const page = await site.app.inject({ method: 'GET', url: '/uploads/post/page.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
