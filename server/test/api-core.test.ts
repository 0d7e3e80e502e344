import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { body, installedSite, type TestSite } from './support/app.js';

let site: TestSite;
beforeAll(async () => {
  site = await installedSite();
});
afterAll(async () => site.close());

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

describe('envelope and errors', () => {
  it('wraps success as {code, reason, msg, data}', async () => {
    const res = await get('/answer/api/v1/siteinfo');
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b.code).toBe(200);
    expect(b.reason).toBe('base.success');
    expect(b.msg).toBe('Success.');
    expect(b.data.general.name).toBe('Test Site');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await get('/answer/api/v1/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 404, reason: 'base.not_found', data: null });
  });

  it('translates msg by Accept-Language, underscore or browser form', async () => {
    for (const lang of ['zh_CN', 'zh-CN,zh;q=0.9']) {
      const b = body(await get('/answer/api/v1/siteinfo', { 'accept-language': lang }));
      expect(b.msg).toBe('成功。');
    }
    expect(body(await get('/answer/api/v1/siteinfo', { 'accept-language': 'xx_YY' })).msg).toBe('Success.');
  });

  it('gives translated field errors for bad query values', async () => {
    const res = await get('/answer/api/v1/siteinfo/legal?info_type=nope', { 'accept-language': 'zh_CN' });
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toEqual([{ error_field: 'info_type', error_msg: '该值无效。' }]);
  });

  it('answers unparsable JSON with 400 base.request_format_error', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/installation/db/check',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('base.request_format_error');
  });
});

describe('site resources', () => {
  it('serves /healthz as plain OK', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
  });

  it('lists languages with Default first and serves the ui bundle', async () => {
    const options = body(await get('/answer/api/v1/language/options')).data;
    expect(options[0]).toEqual({ label: 'Default', value: 'Default' });
    expect(options.map((o: { value: string }) => o.value)).toContain('en_US');
    const config = body(await get('/answer/api/v1/language/config', { 'accept-language': 'en_US' }));
    expect(typeof config.data).toBe('object');
  });

  it('reports the built-in captcha among the plugins, on, and a disabled user-centre agent', async () => {
    expect(body(await get('/answer/api/v1/plugin/status')).data).toContainEqual({ slug_name: 'basic_captcha', enabled: true });
    expect(body(await get('/answer/api/v1/user-center/agent')).data).toEqual({ enabled: false, agent_info: null });
  });

  it('returns null user info for a visitor', async () => {
    expect(body(await get('/answer/api/v1/user/info')).data).toBeNull();
  });

  it('serves robots.txt from the SEO setting and custom.css from settings', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:9080/sitemap.xml');
    const css = await get('/custom.css');
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('carries every siteinfo group the web reads', async () => {
    const data = body(await get('/answer/api/v1/siteinfo')).data;
    for (const key of ['general', 'interface', 'branding', 'login', 'theme', 'custom_css_html', 'site_seo', 'site_users', 'site_write']) {
      expect(data).toHaveProperty(key);
    }
    expect(data.site_write.restrict_answer).toBe(true);
    expect(data.site_seo.permalink).toBe(2);
    expect(typeof data.version).toBe('string');
  });
});

describe('private mode', () => {
  it('refuses public calls to visitors but keeps siteinfo reachable', async () => {
    const db = site.runtime.database;
    const row = await db.selectFrom('site_info').select('content').where('type', '=', 'login').executeTakeFirstOrThrow();
    const login = { ...JSON.parse(row.content), login_required: true };
    await db.updateTable('site_info').set({ content: JSON.stringify(login) }).where('type', '=', 'login').execute();
    await forgetSiteSettings(site.runtime);
    try {
      expect((await get('/answer/api/v1/siteinfo/legal?info_type=tos')).statusCode).toBe(401);
      expect(body(await get('/answer/api/v1/siteinfo/legal?info_type=tos')).reason).toBe('base.unauthorized_error');
      expect((await get('/answer/api/v1/siteinfo')).statusCode).toBe(200);
      expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await db.updateTable('site_info').set({ content: row.content }).where('type', '=', 'login').execute();
      await forgetSiteSettings(site.runtime);
    }
  });
});
