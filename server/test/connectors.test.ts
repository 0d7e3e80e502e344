import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn } from './support/dialect-sites.js';
import { writePluginFixtures } from './support/plugin-fixtures.js';

const API = '/answer/api/v1';

describe.each(dialectTargets())('external sign-in on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: string;
  let fixtures: ReturnType<typeof writePluginFixtures>;

  /** The browser's round trip: the login link (its flow cookie), then the provider's callback for `who`. */
  async function signIn(who: string, options: { redirect?: string; cookie?: string } = {}) {
    const start = await site.app.inject({ url: `${API}/connector/login/testid${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ''}` });
    expect(start.statusCode).toBe(302);
    const cookie = options.cookie ?? String(start.headers['set-cookie']).split(';')[0]!;
    const location = new URL(String(start.headers.location));
    const callback = `${location.pathname}${location.search}&code=${who}`;
    const back = await site.app.inject({ url: callback, headers: { cookie } });
    return { back, callback, cookie, location: String(back.headers.location) };
  }
  const tokenOf = (location: string) => new URL(location, 'http://x').searchParams.get('access_token') ?? '';

  beforeAll(async () => {
    fixtures = writePluginFixtures();
    ({ site, stop } = await siteOn(target));
    fs.cpSync(fixtures.connector, path.join(site.dataDir, 'plugins', 'connector'), { recursive: true });
    const configFile = path.join(site.dataDir, 'conf', 'config.yaml');
    fs.writeFileSync(configFile, YAML.stringify(YAML.parse(fs.readFileSync(configFile, 'utf8'))));
    await site.restart();
    admin = (await adminOf(site)).token;
    const enabled = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/plugin/status', headers: { authorization: admin }, payload: { plugin_slug_name: 'test_connector', enabled: true } });
    expect(enabled.statusCode).toBe(200);
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(fixtures.root, { recursive: true, force: true });
  });

  it('shows the connector on the login page and signs a new person up with their verified address, back to where they were', async () => {
    expect(body(await site.app.inject({ url: `${API}/connector/info` })).data).toEqual([
      { name: 'Sign in with TestID', icon: expect.stringContaining('<svg'), link: `${API}/connector/login/testid` },
    ]);
    const { location } = await signIn('newcomer', { redirect: '/questions?page=2' });
    expect(location).toMatch(/^\/users\/auth-landing\?access_token=[\w-]+&redirect=%2Fquestions%3Fpage%3D2$/);
    const me = body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(location) } })).data;
    expect(me).toMatchObject({ username: 'newcomer', e_mail: 'newcomer@example.com', mail_status: 1 });
    // Signing in again finds the binding: the same account.
    const again = await signIn('newcomer');
    expect(body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(again.location) } })).data.id).toBe(me.id);
  });

  it('refuses a callback without its browser, a replayed one, and a return address of another site', async () => {
    const { back, callback, cookie } = await signIn('newcomer', { redirect: '//evil.example/x' });
    expect(String(back.headers.location)).toMatch(/redirect=%2F$/);
    const replayed = await site.app.inject({ url: callback, headers: { cookie } });
    expect(String(replayed.headers.location)).toBe('/user-center/auth-failed?reason=error.connector.state_invalid');
    const start = await site.app.inject({ url: `${API}/connector/login/testid` });
    const foreign = await site.app.inject({ url: `${new URL(String(start.headers.location)).pathname}${new URL(String(start.headers.location)).search}&code=newcomer` });
    expect(String(foreign.headers.location)).toBe('/user-center/auth-failed?reason=error.connector.state_invalid');
    // A state from another sign-in: the provider's answer is refused by the connector.
    const mismatched = await site.app.inject({ url: `${API}/connector/redirect/testid?state=forged&code=newcomer`, headers: { cookie: String((await site.app.inject({ url: `${API}/connector/login/testid` })).headers['set-cookie']).split(';')[0]! } });
    expect(String(mismatched.headers.location)).toMatch(/^\/user-center\/auth-failed/);
  });

  it('never binds an existing account by an address the provider did not mark verified, and binds by a verified one', async () => {
    const claimed = await signIn('claimer');
    expect(claimed.location).toBe('/user-center/auth-failed?reason=email');
    const bound = await site.runtime.database.selectFrom('user_external_login').select('user_id').where('external_id', '=', 'ext-claimer').execute();
    expect(bound).toEqual([]);
    const owner = await member(site, 'siteowner');
    const signedIn = await signIn('owner');
    expect(body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(signedIn.location) } })).data.id).toBe(owner.id);
  });

  it('lists a member\'s logins and keeps the last way to sign in', async () => {
    const newcomer = tokenOf((await signIn('newcomer')).location);
    const mine = body(await site.app.inject({ url: `${API}/connector/user/info`, headers: { authorization: newcomer } })).data;
    expect(mine).toEqual([expect.objectContaining({ name: 'Sign in with TestID', binding: true, external_id: 'ext-newcomer' })]);
    const refused = await site.app.inject({ method: 'DELETE', url: `${API}/connector/user/unbinding`, headers: { authorization: newcomer }, payload: { external_id: 'ext-newcomer' } });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).reason).toBe('error.user.external_login_unbinding_forbidden');
    // The owner also has a password: the binding can go.
    const owner = tokenOf((await signIn('owner')).location);
    expect((await site.app.inject({ method: 'DELETE', url: `${API}/connector/user/unbinding`, headers: { authorization: owner }, payload: { external_id: 'ext-owner' } })).statusCode).toBe(200);
    expect(body(await site.app.inject({ url: `${API}/connector/user/info`, headers: { authorization: owner } })).data[0].binding).toBe(false);
  });

  it('refuses a suspended account at the callback, as at the login form', async () => {
    const row = await site.runtime.database.selectFrom('user').select('id').where('username', '=', 'newcomer').executeTakeFirstOrThrow();
    await site.runtime.database.updateTable('user').set({ status: 9 }).where('id', '=', String(row.id)).execute();
    try {
      expect((await signIn('newcomer')).location).toBe('/user-center/auth-failed?reason=error.user.suspended');
    } finally {
      await site.runtime.database.updateTable('user').set({ status: 1 }).where('id', '=', String(row.id)).execute();
    }
  });

  it('limits failed callbacks per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await site.app.inject({ url: `${API}/connector/redirect/testid?state=x&code=newcomer`, headers: { cookie: 'connector_flow=forged' }, remoteAddress: '10.77.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("signs in through the site's own form for a directory connector", async () => {
    const form = (username: string, password: string) => site.app.inject({ method: 'POST', url: `${API}/connector/login/testid`, payload: { username, password } });
    const wrong = await form('newcomer', 'nope');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).data[0].error_field).toBe('username');
    const right = await form('newcomer', 'directory-pass');
    expect(right.statusCode).toBe(200);
    expect(body(right).data).toMatchObject({ username: 'newcomer', access_token: expect.any(String) });
    expect((await form('noemail', 'directory-pass')).statusCode).toBe(400);
  });
});
