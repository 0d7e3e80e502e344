import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, body, installedSite, login, member, type TestSite } from './support/app.js';

const CONFIG = '/answer/admin/api/plugin/config';

describe('plugin configuration (built-in plugins declare no fields)', () => {
  let site: TestSite;
  let admin: string;
  let user: { token: string };
  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    site.app.inject({ method, url, headers: token ? { authorization: token } : {}, payload: payload as object });

  beforeAll(async () => {
    site = await installedSite();
    admin = await login(site, ADMIN.email, ADMIN.password);
    user = await member(site, 'pluginmember', 1);
  });
  afterAll(async () => site?.close());

  it('describes the captcha plugin with an empty field list, and accepts saving no fields', async () => {
    const res = await call('GET', `${CONFIG}?plugin_slug_name=basic_captcha`, admin);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ slug_name: 'basic_captcha', name: 'Captcha', config_fields: [] });
    expect((await call('PUT', CONFIG, admin, { plugin_slug_name: 'basic_captcha', config_fields: {} })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown plugin, 400 without a name, and keeps it from members', async () => {
    expect((await call('GET', `${CONFIG}?plugin_slug_name=nope`, admin)).statusCode).toBe(404);
    expect((await call('PUT', CONFIG, admin, { plugin_slug_name: 'nope' })).statusCode).toBe(404);
    const missing = await call('GET', CONFIG, admin);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).data[0].error_field).toBe('plugin_slug_name');
    expect((await call('GET', `${CONFIG}?plugin_slug_name=basic_captcha`, user.token)).statusCode).toBe(403);
    expect((await call('GET', `${CONFIG}?plugin_slug_name=basic_captcha`)).statusCode).toBe(401);
  });

  it('answers the calls every 1.4.0 client makes: the connector list (private sites too) and the members\' plugin tabs', async () => {
    const connectors = await call('GET', '/answer/api/v1/connector/info');
    expect(connectors.statusCode).toBe(200);
    expect(body(connectors).data).toEqual([]);
    const tabs = await call('GET', '/answer/api/v1/user/plugin/configs', user.token);
    expect(tabs.statusCode).toBe(200);
    expect(body(tabs).data).toEqual([]);
    expect((await call('GET', '/answer/api/v1/user/plugin/configs')).statusCode).toBe(401);
  });
});
