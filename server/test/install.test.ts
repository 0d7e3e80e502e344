import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseInfo, body, startSite, type TestSite } from './support/app.js';

const post = (site: TestSite, url: string, payload: unknown) => site.app.inject({ method: 'POST', url, payload: payload as object });

describe('installer on SQLite, step by step', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site.close());

  it('sends every page to the installer and refuses the API except the boot calls before installation', async () => {
    const home = await site.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/install');
    expect((await site.app.inject({ method: 'GET', url: '/install' })).statusCode).toBe(200);
    const api = await site.app.inject({ method: 'GET', url: '/answer/api/v1/question/page' });
    expect(api.statusCode).toBe(503);
    expect(body(api).reason).toBe('base.not_installed');
    const settings = await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect([settings.statusCode, body(settings).data]).toEqual([200, null]);
  });

  it('lists the installable languages', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/installation/language/options' });
    expect(body(res).data).toContainEqual({ label: 'English', value: 'en_US' });
  });

  it.each([
    [{}, 'db_type'],
    [{ db_type: 'oracle' }, 'db_type'],
    [{ db_type: 42 }, 'db_type'],
    [{ db_type: 'postgres' }, 'db_host'],
    [{ db_type: 'mysql', db_host: '127.0.0.1', db_username: 'root' }, 'db_name'],
    [{ db_type: 'postgres', db_host: 'h', db_username: 'u', db_name: 'x; drop' }, 'db_name'],
    [{ db_type: 'postgres', db_host: 'h:99999', db_username: 'u', db_name: 'x' }, 'db_host'],
    [{ db_type: 'sqlite3', db_file: ['a'] }, 'db_file'],
  ])('db/check rejects %j on field %s', async (payload, field) => {
    const res = await post(site, '/installation/db/check', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).data.map((e: { error_field: string }) => e.error_field)).toContain(field);
  });

  it('db/check reports an unreachable server as a connection failure alert', async () => {
    const res = await post(site, '/installation/db/check', {
      db_type: 'postgres',
      db_host: '127.0.0.1:1',
      db_username: 'nobody',
      db_name: 'nothing',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ reason: 'error.database.connection_failed', data: { err_type: 'alert' } });
    expect(body(res).msg).toMatch(/^Database connection failed: /);
  });

  it('rejects non-object bodies without a 500', async () => {
    for (const payload of ['"text"', '[1,2]', 'null', '12']) {
      const res = await site.app.inject({
        method: 'POST',
        url: '/installation/db/check',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('checks the SQLite database, then reports no config file yet', async () => {
    expect(body(await post(site, '/installation/db/check', { db_type: 'sqlite3' })).data).toEqual({ connection_success: true });
    expect(body(await post(site, '/installation/config-file/check', {})).data).toEqual({
      config_file_exist: false,
      db_connection_success: false,
      db_table_exist: false,
    });
  });

  it('refuses base-info before the config file exists', async () => {
    const res = await post(site, '/installation/base-info', baseInfo());
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('error.install.config_missing');
  });

  it('writes config.yaml and creates the tables', async () => {
    expect((await post(site, '/installation/init', { db_type: 'sqlite3' })).statusCode).toBe(200);
    expect(fs.existsSync(path.join(site.dataDir, 'conf', 'config.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(site.dataDir, 'sqlite3', 'answer.db'))).toBe(true);
    expect(body(await post(site, '/installation/config-file/check', {})).data).toEqual({
      config_file_exist: true,
      db_connection_success: true,
      db_table_exist: true,
    });
  });

  it.each([
    [{ site_name: '' }, 'site_name'],
    [{ site_name: 'x'.repeat(31) }, 'site_name'],
    [{ site_url: 'not a url' }, 'site_url'],
    [{ site_url: `http://e.com/${'x'.repeat(512)}` }, 'site_url'],
    [{ contact_email: 'nope' }, 'contact_email'],
    [{ name: 'abc' }, 'name'],
    [{ name: 'x'.repeat(31) }, 'name'],
    [{ name: 'Bad Name!' }, 'name'],
    [{ password: 'short' }, 'password'],
    [{ password: 'x'.repeat(33) }, 'password'],
    [{ password: 'has a space' }, 'password'],
    [{ email: 'bad@' }, 'email'],
    [{ lang: 'xx_XX' }, 'lang'],
    [{ lang: 'x'.repeat(31) }, 'lang'],
    [{ login_required: 'yes' }, 'login_required'],
  ])('base-info rejects %j on field %s with a readable message', async (override, field) => {
    const res = await post(site, '/installation/base-info', baseInfo(override));
    expect(res.statusCode).toBe(400);
    const errors = body(res).data as { error_field: string; error_msg: string }[];
    const error = errors.find((e) => e.error_field === field);
    expect(error?.error_msg).toMatch(/^[A-Z].*\.$/);
  });

  it('installs, then serves the site without a restart', async () => {
    const res = await post(site, '/installation/base-info', baseInfo({ site_name: 'Wizard Site', site_url: 'http://example.com/' }));
    expect(res.statusCode).toBe(200);
    const info = body(await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).data;
    expect(info.general).toMatchObject({ name: 'Wizard Site', site_url: 'http://example.com', contact_email: 'contact@example.com' });
    const home = await site.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
  });

  it('stores the admin with a bcrypt hash and the Admin role', async () => {
    const db = site.runtime.database;
    const admin = await db.selectFrom('user').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(admin.username).toBe(ADMIN.name);
    expect(admin.e_mail).toBe(ADMIN.email);
    expect(admin.pass).toMatch(/^\$2[aby]\$10\$/);
    const role = await db.selectFrom('user_role_rel').select('role_id').where('user_id', '=', 1).executeTakeFirstOrThrow();
    expect(Number(role.role_id)).toBe(2);
  });

  it('refuses every installation call afterwards and redirects /install home', async () => {
    for (const url of ['/installation/db/check', '/installation/init', '/installation/base-info', '/installation/config-file/check']) {
      const res = await post(site, url, url.endsWith('base-info') ? baseInfo() : { db_type: 'sqlite3' });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe('error.install.already_installed');
    }
    const page = await site.app.inject({ method: 'GET', url: '/install' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/');
  });

  it('keeps serving after a restart on the same data directory', async () => {
    await site.restart();
    const info = body(await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).data;
    expect(info.general.name).toBe('Wizard Site');
  });
});
