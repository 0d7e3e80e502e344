import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn } from './support/dialect-sites.js';
import { writePluginFixtures } from './support/plugin-fixtures.js';

const ADMIN_API = '/answer/admin/api';
const API = '/answer/api/v1';

/** A local receiver of plugin deliveries; answers 500 to the first `failFirst` posts. */
async function receiver(failFirst: number) {
  const got: unknown[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (failures < failFirst) {
        failures++;
        res.writeHead(500).end();
        return;
      }
      got.push(JSON.parse(text));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise((r) => server.close(r)) };
}

describe.each(dialectTargets())('plugins on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: string;
  let fixtures: ReturnType<typeof writePluginFixtures>;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
    site.app.inject({ method, url, headers: token ? { authorization: token } : {}, payload: payload as object });
  const list = async () => body((await call('GET', `${ADMIN_API}/plugins`, admin))).data as { slug_name: string; status: string; error: string; origin: string; types: string[]; have_config: boolean; enabled: boolean }[];
  const setEnabled = (slug: string, enabled: boolean) => call('PUT', `${ADMIN_API}/plugin/status`, admin, { plugin_slug_name: slug, enabled });

  beforeAll(async () => {
    fixtures = writePluginFixtures();
    ({ site, stop } = await siteOn(target));
    // The two documented ways: a path (or package) under `plugins:` in config.yaml, and a folder in <data>/plugins.
    const configFile = path.join(site.dataDir, 'conf', 'config.yaml');
    const config = YAML.parse(fs.readFileSync(configFile, 'utf8'));
    fs.writeFileSync(configFile, YAML.stringify({ ...config, plugins: [fixtures.hello] }));
    for (const dir of [fixtures.brokenLoad, fixtures.misbehaving, fixtures.cdn]) fs.cpSync(dir, path.join(site.dataDir, 'plugins', path.basename(dir)), { recursive: true });
    await site.restart();
    site.runtime.plugins.hookTimeoutMs = 300;
    admin = (await adminOf(site)).token;
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(fixtures.root, { recursive: true, force: true });
  });

  it('lists every plugin with its types, origin and status, a plugin that cannot load as failed with the reason', async () => {
    const plugins = await list();
    const hello = plugins.find((p) => p.slug_name === 'hello_fixture')!;
    expect(hello).toMatchObject({ status: 'inactive', origin: 'config', have_config: true, enabled: false });
    expect(hello.types).toEqual(expect.arrayContaining(['config', 'user_config', 'agent', 'notification', 'route']));
    expect(plugins.find((p) => p.slug_name === 'misbehaving')).toMatchObject({ status: 'inactive', origin: 'data-dir' });
    const broken = plugins.find((p) => p.origin === 'data-dir' && p.status === 'failed')!;
    expect(broken.error).toContain('the broken plugin cannot start');
    expect(plugins.find((p) => p.slug_name === 'basic_captcha')).toMatchObject({ origin: 'built-in', types: ['captcha'] });
    // The 1.4.0 admin menu asks for the plugins with a settings page: those without a form are left out.
    const withForm = body(await call('GET', `${ADMIN_API}/plugins?have_config=true`, admin)).data as { slug_name: string; have_config: boolean }[];
    expect(withForm.map((p) => p.slug_name)).toContain('hello_fixture');
    expect(withForm.every((p) => p.have_config)).toBe(true);
    expect((await setEnabled(broken.slug_name, true)).statusCode).toBe(400);
    // The 1.4.0 client's boot calls.
    expect(body(await call('GET', `${API}/plugin/status`)).data).toEqual(expect.arrayContaining([{ slug_name: 'hello_fixture', enabled: false }]));
    expect(body(await call('GET', `${API}/connector/info`)).data).toEqual([]);
  });

  it("keeps a disabled plugin's routes, files, pages and settings at 404", async () => {
    expect((await call('GET', `${API}/plugin/hello_fixture/hello/you`)).statusCode).toBe(404);
    expect((await call('GET', '/plugins/hello_fixture/web.js')).statusCode).toBe(404);
    expect((await call('GET', '/hello-page')).statusCode).toBe(404);
    const user = await member(site, `pluginoff${target.name.slice(0, 3)}`);
    expect((await call('GET', `${API}/user/plugin/config?plugin_slug_name=hello_fixture`, user.token)).statusCode).toBe(404);
  });

  it('serves an enabled plugin: its web part in the page, its files from our origin only, its page under the main layout', async () => {
    expect((await setEnabled('hello_fixture', true)).statusCode).toBe(200);
    const parts = body(await call('GET', `${API}/plugin/web`)).data;
    expect(parts).toContainEqual({ slug_name: 'hello_fixture', module: '/plugins/hello_fixture/web.js', styles: ['/plugins/hello_fixture/hello.css'], config: { greeting: 'Hello' }, pages: [{ path: 'hello-page', title: 'Hello page' }] });
    const script = await call('GET', '/plugins/hello_fixture/web.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    for (const bad of ['secret.txt', '..%2Fpackage.json', '../package.json', '%2e%2e/server.js']) expect((await call('GET', `/plugins/hello_fixture/${bad}`)).statusCode).toBe(404);
    const page = await call('GET', '/hello-page');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="stylesheet" href="/plugins/hello_fixture/hello.css"');
    expect(page.body).toContain('{"slug_name":"hello_fixture","module":"/plugins/hello_fixture/web.js"');
  });

  it('checks a saved config field by field and by the plugin, stores nothing refused, and never sends a secret back', async () => {
    const form = body(await call('GET', `${ADMIN_API}/plugin/config?plugin_slug_name=hello_fixture`, admin)).data;
    expect(form.config_fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`)).toEqual([
      'greeting:input', 'times:input', 'colour:select', 'loud:switch', 'days:checkbox', 'token:input', 'receiver:input', 'about:legend', 'check:button',
    ]);
    expect(form.config_fields.find((f: { name: string }) => f.name === 'check').ui_options.action.url).toBe(`${ADMIN_API}/plugin/hello_fixture/check`);
    const save = (fields: Record<string, unknown>) => call('PUT', `${ADMIN_API}/plugin/config`, admin, { plugin_slug_name: 'hello_fixture', config_fields: fields });
    const refused = await save({ greeting: '', times: 9, colour: 'green', loud: 'yes', days: ['sun'], receiver: 'ftp://example.com' });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).data.map((e: { error_field: string }) => e.error_field)).toEqual(['greeting', 'times', 'colour', 'loud', 'days', 'receiver']);
    const byPlugin = await save({ greeting: 'forbidden' });
    expect(body(byPlugin).data).toEqual([{ error_field: 'greeting', error_msg: 'Not that word.' }]);
    expect((await save({ greeting: 'Hi', times: '3', colour: 'blue', loud: true, days: ['tue', 'mon', 'tue'], token: 's3cret', receiver: 'https://example.com/in' })).statusCode).toBe(200);
    const saved = body(await call('GET', `${ADMIN_API}/plugin/config?plugin_slug_name=hello_fixture`, admin)).data.config_fields;
    const value = (name: string) => saved.find((f: { name: string }) => f.name === name).value;
    expect([value('greeting'), value('times'), value('days'), value('token')]).toEqual(['Hi', 3, ['tue', 'mon'], '********']);
    // Sending the mask back keeps the stored secret.
    expect((await save({ greeting: 'Hi', token: '********' })).statusCode).toBe(200);
    const row = await site.runtime.database.selectFrom('plugin_config').select('value').where('plugin_slug_name', '=', 'hello_fixture').executeTakeFirstOrThrow();
    expect(JSON.parse(row.value).token).toBe('s3cret');
    expect((await call('GET', `${ADMIN_API}/plugin/config?plugin_slug_name=hello_fixture`)).statusCode).toBe(401);
  });

  it("runs the plugin's routes in each group through the guardian, and each member's own settings", async () => {
    expect(body(await call('GET', `${API}/plugin/hello_fixture/hello/world`)).data).toEqual({ text: 'Hi, world' });
    expect((await call('GET', `${API}/plugin/hello_fixture/nothing-here`)).statusCode).toBe(404);
    expect((await call('GET', `${API}/plugin/hello_fixture/me`)).statusCode).toBe(401);
    const user = await member(site, `pluginon${target.name.slice(0, 3)}`);
    expect(body(await call('GET', `${API}/user/plugin/configs`, user.token)).data).toContainEqual({ name: 'Hello', slug_name: 'hello_fixture' });
    expect((await call('PUT', `${API}/user/plugin/config`, user.token, { plugin_slug_name: 'hello_fixture', config_fields: { shout: 'loudly' } })).statusCode).toBe(400);
    expect((await call('PUT', `${API}/user/plugin/config`, user.token, { plugin_slug_name: 'hello_fixture', config_fields: { shout: true } })).statusCode).toBe(200);
    expect(body(await call('GET', `${API}/plugin/hello_fixture/me`, user.token)).data).toMatchObject({ user: { id: user.id, role: 'user' }, shout: true });
    expect((await call('POST', `${ADMIN_API}/plugin/hello_fixture/check`, user.token)).statusCode).toBe(403);
    const check = await call('POST', `${ADMIN_API}/plugin/hello_fixture/check`, admin);
    expect(body(check)).toMatchObject({ code: 200, msg: 'All good.', data: { message: 'All good.' } });
  });

  it('delivers site events through the outbox, retried after a failure and never twice, also after a restart', async () => {
    const hook = await receiver(1);
    try {
      await call('PUT', `${ADMIN_API}/plugin/config`, admin, { plugin_slug_name: 'hello_fixture', config_fields: { greeting: 'Hi', token: '********', receiver: hook.url } });
      const asked = await call('POST', `${API}/question`, admin, { title: 'A question the plugin hears about', content: 'Enough words to be a question body.', tags: [{ slug_name: 'support' }] });
      expect(asked.statusCode, asked.body).toBe(200);
      const db = site.runtime.database;
      for (let round = 0; round < 10 && hook.got.length === 0; round++) {
        await site.runtime.outbox.idle();
        // The failed delivery waits for its retry: bring it forward instead of waiting.
        await db.updateTable('outbox').set({ available_at: 0 }).where('topic', '=', 'plugin.deliver').where('done_at', '=', 0).execute();
      }
      expect(hook.got).toEqual([{ type: 'question.created', title: 'A question the plugin hears about', tags: ['support'] }]);
      await site.restart();
      site.runtime.plugins.hookTimeoutMs = 300;
      admin = (await adminOf(site)).token;
      await site.runtime.outbox.idle();
      expect(hook.got).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('keeps the site up when a plugin throws or hangs, shows it as failed, and falls back', async () => {
    expect((await setEnabled('misbehaving', true)).statusCode).toBe(200);
    const failure = async () => (await list()).find((p) => p.slug_name === 'misbehaving')!;
    const boom = await call('GET', `${API}/plugin/misbehaving/boom`);
    expect(boom.statusCode).toBe(503);
    expect(body(boom).reason).toBe('error.plugin.unavailable');
    expect(await failure()).toMatchObject({ status: 'failed', error: 'boom in a hook' });
    const started = Date.now();
    expect((await call('GET', `${API}/plugin/misbehaving/slow`)).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await failure()).toMatchObject({ status: 'failed', error: 'no answer within 0.3 s' });
    // A failing render plugin is passed over: the next one's theme, or none.
    expect((await call('GET', `${API}/render/config`)).statusCode).toBe(200);
    expect((await call('GET', '/healthz')).statusCode).toBe(200);
    expect((await call('GET', `${API}/question/page?page=1&page_size=5`)).statusCode).toBe(200);
  });

  it("serves the app's files from an enabled CDN plugin's address, which the page's policy then allows", async () => {
    expect((await setEnabled('cdn_fixture', true)).statusCode).toBe(200);
    const page = await call('GET', '/questions');
    expect(page.body).toMatch(/<script type="module" crossorigin src="https:\/\/cdn\.example\.com\/site\/static\/index-/);
    expect(page.body).not.toMatch(/(src|href)="\/static\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' https://cdn.example.com");
    expect((await setEnabled('cdn_fixture', false)).statusCode).toBe(200);
    expect((await call('GET', '/questions')).body).toMatch(/src="\/static\/index-/);
  });

  it("closes an enabled plugin's doors again when it is disabled", async () => {
    expect((await setEnabled('hello_fixture', false)).statusCode).toBe(200);
    expect((await call('GET', `${API}/plugin/hello_fixture/hello/you`)).statusCode).toBe(404);
    expect((await call('GET', '/plugins/hello_fixture/web.js')).statusCode).toBe(404);
    expect((await call('GET', '/hello-page')).statusCode).toBe(404);
    expect(body(await call('GET', `${API}/plugin/web`)).data.some((p: { slug_name: string }) => p.slug_name === 'hello_fixture')).toBe(false);
  });
});
