import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite, useSmtp } from './support/app.js';
import { codeFromMail, startSmtpReceiver } from './support/smtp.js';
import { adminOf, dialectTargets, siteOn } from './support/dialect-sites.js';
import { writePluginFixtures } from './support/plugin-fixtures.js';

const API = '/answer/api/v1';
/** The fixture connector's logo (support/plugin-fixtures.ts), which goes out base64-encoded as upstream's. */
const FIXTURE_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>';

describe.each(dialectTargets())('external sign-in on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: string;
  let fixtures: ReturnType<typeof writePluginFixtures>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const policy = (payload: Record<string, unknown>) =>
    site.app.inject({ method: 'PUT', url: '/answer/admin/api/siteinfo/external-login', headers: { authorization: admin }, payload });
  const userInfo = async (token: string) => body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: token } })).data;
  const roleOf = async (username: string) => {
    const row = await site.runtime.database.selectFrom('user').leftJoin('user_role_rel', 'user_role_rel.user_id', 'user.id').select('user_role_rel.role_id').where('user.username', '=', username).executeTakeFirstOrThrow();
    return Number(row.role_id ?? 1);
  };

  /** The browser's round trip: the login link (its flow cookie), then the provider's callback for `who`. */
  async function signIn(who: string, options: { redirect?: string; cookie?: string; visit?: string } = {}) {
    const query = new URLSearchParams({ ...(options.redirect ? { redirect: options.redirect } : {}), ...(options.visit ? { bind: '1' } : {}) }).toString();
    const start = await site.app.inject({ url: `${API}/connector/login/testid${query ? `?${query}` : ''}`, headers: options.visit ? { cookie: options.visit } : {} });
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
    smtp = await startSmtpReceiver();
    ({ site, stop } = await siteOn(target));
    fs.cpSync(fixtures.connector, path.join(site.dataDir, 'plugins', 'connector'), { recursive: true });
    const configFile = path.join(site.dataDir, 'conf', 'config.yaml');
    fs.writeFileSync(configFile, YAML.stringify(YAML.parse(fs.readFileSync(configFile, 'utf8'))));
    await site.restart();
    admin = (await adminOf(site)).token;
    const enabled = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/plugin/status', headers: { authorization: admin }, payload: { plugin_slug_name: 'test_connector', enabled: true } });
    expect(enabled.statusCode).toBe(200);
    await useSmtp(site, smtp.port);
  });
  afterAll(async () => {
    await stop();
    await smtp?.close();
    fs.rmSync(fixtures.root, { recursive: true, force: true });
  });

  it('shows the connector on the login page and signs a new person up with their verified address, back to where they were', async () => {
    expect(body(await site.app.inject({ url: `${API}/connector/info` })).data).toEqual([
      { name: 'TestID', icon: Buffer.from(FIXTURE_ICON).toString('base64'), link: `${API}/connector/login/testid` },
    ]);
    // In the reader's language.
    expect(body(await site.app.inject({ url: `${API}/connector/info`, headers: { 'accept-language': 'zh-CN' } })).data).toEqual([expect.objectContaining({ name: 'TestID 账号' })]);
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
    expect(claimed.location).toMatch(/^\/users\/confirm-email\?binding_key=[\w-]+$/);
    const bound = await site.runtime.database.selectFrom('user_external_login').select('user_id').where('external_id', '=', 'ext-claimer').execute();
    expect(bound).toEqual([]);
    const owner = await member(site, 'siteowner');
    const signedIn = await signIn('owner');
    expect(body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(signedIn.location) } })).data.id).toBe(owner.id);
  });

  it('lists a member\'s logins and keeps the last way to sign in', async () => {
    const newcomer = tokenOf((await signIn('newcomer')).location);
    const mine = body(await site.app.inject({ url: `${API}/connector/user/info`, headers: { authorization: newcomer } })).data;
    expect(mine).toEqual([expect.objectContaining({ name: 'TestID', binding: true, external_id: 'ext-newcomer' })]);
    const refused = await site.app.inject({ method: 'DELETE', url: `${API}/connector/user/unbinding`, headers: { authorization: newcomer }, payload: { external_id: 'ext-newcomer' } });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).reason).toBe('error.user.external_login_unbinding_forbidden');
    // A toast, as upstream sends it (the 1.4.0 client opens an error dialog for anything else).
    expect(body(refused).data).toEqual({ err_type: 'toast' });
    // The owner also has a password: the binding can go.
    const owner = tokenOf((await signIn('owner')).location);
    expect((await site.app.inject({ method: 'DELETE', url: `${API}/connector/user/unbinding`, headers: { authorization: owner }, payload: { external_id: 'ext-owner' } })).statusCode).toBe(200);
    expect(body(await site.app.inject({ url: `${API}/connector/user/info`, headers: { authorization: owner } })).data[0].binding).toBe(false);
  });

  it("sends a client that follows a form connector's link (the 1.4.0 one) to the login form, which shows its fields", async () => {
    site.runtime.plugins.addBuiltIn({
      info: { slug_name: 'form_only', name: 'Form only', description: 'A directory sign-in.', version: '1.0.0' },
      connector: { slug: 'formonly', name: 'Directory', logoSvg: '', login: async () => null },
    });
    const enabled = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/plugin/status', headers: { authorization: admin }, payload: { plugin_slug_name: 'form_only', enabled: true } });
    expect(enabled.statusCode).toBe(200);
    const start = await site.app.inject({ url: `${API}/connector/login/formonly` });
    expect([start.statusCode, start.headers.location]).toEqual([302, '/users/login?connector=formonly']);
    await site.app.inject({ method: 'PUT', url: '/answer/admin/api/plugin/status', headers: { authorization: admin }, payload: { plugin_slug_name: 'form_only', enabled: false } });
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
  it('asks a person whose provider vouched for no address for one, and makes their account with it to verify', async () => {
    const { location } = await signIn('nomail2');
    const key = new URL(location, 'http://x').searchParams.get('binding_key')!;
    const seen = smtp.mails.length;
    const bound = await site.app.inject({ method: 'POST', url: `${API}/connector/binding/email`, payload: { binding_key: key, email: 'NoMail2@Example.com' } });
    expect(bound.statusCode).toBe(200);
    const { access_token } = body(bound).data;
    expect(access_token).toEqual(expect.any(String));
    expect(await userInfo(access_token)).toMatchObject({ username: 'nomail2', e_mail: 'nomail2@example.com', mail_status: 2 });
    const code = codeFromMail(await smtp.waitFor('nomail2@example.com', seen, '/users/account-activation'), '/users/account-activation');
    expect((await site.app.inject({ method: 'POST', url: `${API}/user/email/verification`, payload: { code } })).statusCode).toBe(200);
    // The key was used: a second answer with it is refused.
    const again = await site.app.inject({ method: 'POST', url: `${API}/connector/binding/email`, payload: { binding_key: key, email: 'other@example.com' } });
    expect(again.statusCode).toBe(400);
    expect(body(again).reason).toBe('error.connector.binding_expired');
    // Next time the provider's account signs straight in.
    expect(tokenOf((await signIn('nomail2')).location)).not.toBe('');
  });

  it("binds an existing account's address only when its owner follows the mailed link", async () => {
    const owner = await member(site, 'mailowner');
    const { location } = await signIn('nomail3');
    const key = new URL(location, 'http://x').searchParams.get('binding_key')!;
    const ask = (must: boolean) => site.app.inject({ method: 'POST', url: `${API}/connector/binding/email`, payload: { binding_key: key, email: 'mailowner@example.com', must } });
    expect(body(await ask(false)).data).toEqual({ email_exist_and_must_be_confirmed: true, access_token: '' });
    const seen = smtp.mails.length;
    expect(body(await ask(true)).data).toEqual({ email_exist_and_must_be_confirmed: false, access_token: '' });
    const bindings = () => site.runtime.database.selectFrom('user_external_login').select('user_id').where('external_id', '=', 'ext-nomail3').execute();
    expect(await bindings()).toEqual([]);
    // Their own sign-up's mail may come later than `seen`: the one that matters says what it is for.
    const mail = await smtp.waitFor('mailowner@example.com', seen, 'Connect a sign-in to your account');
    const followed = await site.app.inject({ method: 'POST', url: `${API}/user/email/verification`, payload: { code: codeFromMail(mail, '/users/account-activation') } });
    expect(followed.statusCode).toBe(200);
    expect((await bindings()).map((b) => String(b.user_id))).toEqual([owner.id]);
    expect((await userInfo(tokenOf((await signIn('nomail3')).location))).id).toBe(owner.id);
  });

  it("follows the site's policy for new people: nobody, allowed domains, and their role", async () => {
    try {
      expect((await policy({ sign_up: 'nobody' })).statusCode).toBe(200);
      expect((await signIn('partner')).location).toBe('/user-center/auth-failed?reason=error.user.not_allowed_registration');
      await policy({ sign_up: 'allowed_domains', allowed_domains: ['example.com'] });
      expect((await signIn('partner')).location).toBe('/user-center/auth-failed?reason=error.email.illegal_email_domain_error');
      // Existing accounts still sign in whatever the policy says about new ones.
      expect(tokenOf((await signIn('newcomer')).location)).not.toBe('');
      await policy({ sign_up: 'allowed_domains', allowed_domains: ['@Partner.Example'], new_user_role: 'moderator' });
      expect(body(await site.app.inject({ url: '/answer/admin/api/siteinfo/external-login', headers: { authorization: admin } })).data).toMatchObject({ allowed_domains: ['partner.example'] });
      expect(tokenOf((await signIn('partner')).location)).not.toBe('');
      expect(await roleOf('partner')).toBe(3);
      const bad = await policy({ sign_up: 'everyone', role_mapping: [{ group: '', role: 'owner' }] });
      expect(bad.statusCode).toBe(400);
    } finally {
      await policy({});
    }
  });

  it("gives and takes a staff role by the provider's groups, never lowering a role an administrator gave", async () => {
    try {
      await policy({ role_mapping: [{ group: 'answer-mods', role: 'moderator' }] });
      await signIn('grouped');
      expect(await roleOf('grouped')).toBe(3);
      // Out of the group: the role goes at the next sign-in.
      await signIn('ungrouped');
      expect(await roleOf('grouped')).toBe(1);
      await signIn('grouped');
      expect(await roleOf('grouped')).toBe(3);
      // An administrator makes them an administrator by hand: the group no longer decides.
      const id = String((await site.runtime.database.selectFrom('user').select('id').where('username', '=', 'grouped').executeTakeFirstOrThrow()).id);
      expect((await site.app.inject({ method: 'PUT', url: '/answer/admin/api/user/role', headers: { authorization: admin }, payload: { user_id: id, role_id: 2 } })).statusCode).toBe(200);
      await signIn('ungrouped');
      expect(await roleOf('grouped')).toBe(2);
    } finally {
      await policy({});
    }
  });

  it('adds a second login to a signed-in member instead of signing in the provider account', async () => {
    const login = await site.app.inject({ method: 'POST', url: `${API}/user/login/email`, payload: { e_mail: 'siteowner@example.com', pass: 'password-123' } });
    const visit = String(login.headers['set-cookie']).match(/visit=[^;]+/)![0];
    const owner = body(login).data;
    const added = await signIn('second', { visit });
    expect(added.location).toBe('/users/settings/account');
    const rows = await site.runtime.database.selectFrom('user_external_login').select(['user_id', 'external_id']).where('user_id', '=', owner.id).execute();
    expect(rows.map((r) => r.external_id)).toContain('ext-second');
    // The same provider account cannot be added to someone else.
    const other = await member(site, 'thirdparty');
    const otherLogin = await site.app.inject({ method: 'POST', url: `${API}/user/login/email`, payload: { e_mail: 'thirdparty@example.com', pass: 'password-123' } });
    const taken = await signIn('second', { visit: String(otherLogin.headers['set-cookie']).match(/visit=[^;]+/)![0] });
    expect(taken.location).toMatch(/auth-failed\?reason=error.connector.(bound_elsewhere|already_connected)/);
    expect(other.id).not.toBe(owner.id);
    // Without a session, adding goes to the login page.
    const start = await site.app.inject({ url: `${API}/connector/login/testid?bind=1` });
    expect(start.headers.location).toBe('/users/login');
  });
  it("does not sign anyone in with a login of the provider the connector used before, and warns the admin who changes it", async () => {
    const provider = (url: string) =>
      site.app.inject({ method: 'PUT', url: '/answer/admin/api/plugin/config', headers: { authorization: admin }, payload: { plugin_slug_name: 'test_connector', config_fields: { provider: url } } });
    const before = tokenOf((await signIn('owner')).location);
    const ownerId = (await userInfo(before)).id;
    try {
      const changed = await provider('https://idp-two.example');
      expect(changed.statusCode).toBe(200);
      expect(body(changed).data.warning).toMatch(/^\d+ people connected their accounts through the identity provider these settings used before/);
      // The old binding of ext-owner gives nothing; the new provider's verified address finds the account again.
      const again = await signIn('owner');
      expect((await userInfo(tokenOf(again.location))).id).toBe(ownerId);
      const rows = await site.runtime.database.selectFrom('user_external_login').select(['provider_id']).where('external_id', '=', 'ext-owner').execute();
      expect(rows).toEqual([{ provider_id: 'https://idp-two.example' }]);
      // nomail2 was bound under the first provider and the new one vouches for no address: no sign-in, they confirm one.
      expect((await signIn('nomail2')).location).toMatch(/^\/users\/confirm-email\?binding_key=/);
    } finally {
      expect(body(await provider('https://idp-one.example')).data).toMatchObject({ warning: expect.any(String) });
      await provider('https://idp-one.example');
    }
  });
});
