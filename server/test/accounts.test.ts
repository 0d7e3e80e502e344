import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetThrottleSettings } from '../src/features/captcha/settings.js';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { ADMIN, body, installedSite, login, type TestSite, useSmtp } from './support/app.js';
import { codeFromMail, startSmtpReceiver } from './support/smtp.js';

let site: TestSite;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let adminToken: string;

beforeAll(async () => {
  site = await installedSite();
  smtp = await startSmtpReceiver();
  adminToken = await useSmtp(site, smtp.port);
});
afterAll(async () => {
  await site.close();
  await smtp.close();
});

type Opts = { token?: string; ip?: string; lang?: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, o: Opts = {}) =>
  site.app.inject({
    method,
    url: `/answer/api/v1${url}`,
    payload: payload as object,
    remoteAddress: o.ip ?? '10.0.0.1',
    headers: { ...(o.token ? { authorization: o.token } : {}), ...(o.lang ? { 'accept-language': o.lang } : {}) },
  });
const fieldsOf = (res: { json(): any }) => (res.json().data as { error_field: string }[]).map((e) => e.error_field);

async function setLogin(patch: Record<string, unknown>) {
  const db = site.runtime.database;
  const row = await db.selectFrom('site_info').select('content').where('type', '=', 'login').executeTakeFirstOrThrow();
  await db.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), ...patch }) }).where('type', '=', 'login').execute();
  await forgetSiteSettings(site.runtime);
}

let n = 0;
/** Registers a fresh account from its own IP; returns its token and e-mail. */
async function register(name: string) {
  n++;
  const email = `${name}@example.com`;
  const res = await call('POST', '/user/register/email', { name, e_mail: email, pass: 'password-123' }, { ip: `10.1.0.${n}` });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().data.access_token as string, email, name, data: res.json().data };
}

describe('registration and activation', () => {
  it('returns a usable token at once, but the account is inactive until the e-mail is confirmed', async () => {
    const seen = smtp.mails.length;
    const user = await register('alice');
    expect(user.data).toMatchObject({ username: 'alice', mail_status: 2, status: 'inactive', e_mail: 'alice@example.com' });
    expect(user.token.length).toBeGreaterThanOrEqual(40);
    const info = await call('GET', '/user/info', undefined, { token: user.token });
    expect(info.json().data).toMatchObject({ username: 'alice', access_token: user.token });
    const gated = await call('PUT', '/user/interface', { language: 'en_US' }, { token: user.token });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ reason: 'error.email.need_to_be_verified', data: { type: 'inactive' } });

    const mail = await smtp.waitFor('alice@example.com', seen);
    expect(mail.raw).toContain('Confirm your e-mail address');
    const code = codeFromMail(mail, '/users/account-activation');
    const activated = await call('POST', '/user/email/verification', { code });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({ mail_status: 1, status: 'normal', rank: 1 });
    expect(activated.headers['set-cookie']).toMatch(/visit=/);

    // Single use: the same link is refused the second time, typed url_expired for the web.
    const replay = await call('POST', '/user/email/verification', { code });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().data).toEqual({ type: 'url_expired' });
    expect((await call('PUT', '/user/interface', { language: 'en_US' }, { token: user.token })).statusCode).toBe(200);
  });

  it('keeps a pending activation link valid when other mail is sent meanwhile', async () => {
    const seen = smtp.mails.length;
    const user = await register('bobby');
    const first = codeFromMail(await smtp.waitFor(user.email, seen, '/users/account-activation'), '/users/account-activation');
    // A password-reset mail to the same person must not invalidate the activation link.
    const seen2 = smtp.mails.length;
    expect((await call('POST', '/user/password/reset', { e_mail: user.email }, { ip: '10.2.0.1' })).statusCode).toBe(200);
    await smtp.waitFor(user.email, seen2, '/users/password-reset');
    expect((await call('POST', '/user/email/verification', { code: first })).statusCode).toBe(200);
  });

  it.each([
    [{}, ['name', 'e_mail', 'pass']],
    [{ name: 'ab', e_mail: 'x@example.com', pass: 'password-123' }, ['name']],
    [{ name: 'has space', e_mail: 'x@example.com', pass: 'password-123' }, ['name']],
    [{ name: 'valid-name', e_mail: 'nope', pass: 'password-123' }, ['e_mail']],
    [{ name: 'valid-name', e_mail: 'x@example.com', pass: 'short' }, ['pass']],
    [{ name: 'valid-name', e_mail: 'x@example.com', pass: 'with space 1' }, ['pass']],
    [{ name: 'valid-name', e_mail: `${'x'.repeat(500)}@e.com`, pass: 'password-123' }, ['e_mail']],
    [{ name: 12345, e_mail: ['a'], pass: null }, ['name', 'e_mail', 'pass']],
  ])('rejects %j with field errors %j', async (payload, fields) => {
    const res = await call('POST', '/user/register/email', payload, { ip: '10.3.0.1' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).sort()).toEqual([...fields].sort());
  });

  it('rejects a duplicate e-mail, a reserved name and a duplicate name gets a suffix', async () => {
    const dup = await call('POST', '/user/register/email', { name: 'alice2', e_mail: 'ALICE@example.com', pass: 'password-123' }, { ip: '10.4.0.1' });
    expect(fieldsOf(dup)).toEqual(['e_mail']);
    const reserved = await call('POST', '/user/register/email', { name: 'admin', e_mail: 'adm@example.com', pass: 'password-123' }, { ip: '10.4.0.2' });
    expect(fieldsOf(reserved)).toEqual(['name']);
    expect(reserved.json().data[0].error_msg).toMatch(/^Username may only contain/);
    const again = await call('POST', '/user/register/email', { name: 'Alice', e_mail: 'alice-two@example.com', pass: 'password-123' }, { ip: '10.4.0.3' });
    expect(again.json().data.username).toMatch(/^alice-[0-9a-f]{4}$/);
  });

  it('honours allow_new_registrations and allowed e-mail domains', async () => {
    await setLogin({ allow_new_registrations: false });
    const closed = await call('POST', '/user/register/email', { name: 'carol', e_mail: 'carol@example.com', pass: 'password-123' }, { ip: '10.5.0.1' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().reason).toBe('error.user.not_allowed_registration');
    await setLogin({ allow_new_registrations: true, allow_email_domains: ['corp.test'] });
    const wrong = await call('POST', '/user/register/email', { name: 'carol', e_mail: 'carol@example.com', pass: 'password-123' }, { ip: '10.5.0.2' });
    expect(fieldsOf(wrong)).toEqual(['e_mail']);
    const right = await call('POST', '/user/register/email', { name: 'carol', e_mail: 'carol@corp.test', pass: 'password-123' }, { ip: '10.5.0.3' });
    expect(right.statusCode).toBe(200);
    await setLogin({ allow_email_domains: [] });
  });
});

describe('login, captcha and limits', () => {
  it('logs in with e-mail and password and refuses a wrong one uniformly', async () => {
    const ok = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, { ip: '10.6.0.1' });
    expect(ok.json().data).toMatchObject({ username: ADMIN.name, role_id: 2, is_admin: true });
    for (const payload of [{ e_mail: ADMIN.email, pass: 'wrong-password' }, { e_mail: 'nobody@example.com', pass: 'whatever-1' }]) {
      const res = await call('POST', '/user/login/email', payload, { ip: '10.6.0.2' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: 'error.object.email_or_password_incorrect', data: [{ error_field: 'e_mail' }] });
    }
  });

  it('asks for a captcha after three failures and accepts only the right code, once', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 3; i++) await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: 'bad-password' }, { ip });
    const record = (await call('GET', '/user/action/record?action=password', undefined, { ip })).json().data;
    expect(record.verify).toBe(true);
    expect(record.captcha_img).toMatch(/^data:image\/png;base64,/);
    const without = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, { ip });
    expect(without.statusCode).toBe(400);
    expect(fieldsOf(without)).toEqual(['captcha_code']);

    const fresh = (await call('GET', '/user/action/record?action=password', undefined, { ip })).json().data;
    const code = (await site.runtime.cache.get<{ code: string }>(`answer:captcha:${fresh.captcha_id}`))!.code;
    const wrong = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password, captcha_id: fresh.captcha_id, captcha_code: 'XXXX' }, { ip });
    expect(fieldsOf(wrong)).toEqual(['captcha_code']);
    // The right code for an id that was already checked is refused too: codes are single use.
    const reused = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password, captcha_id: fresh.captcha_id, captcha_code: code }, { ip });
    expect(fieldsOf(reused)).toEqual(['captcha_code']);

    const last = (await call('GET', '/user/action/record?action=password', undefined, { ip })).json().data;
    const lastCode = (await site.runtime.cache.get<{ code: string }>(`answer:captcha:${last.captcha_id}`))!.code;
    const ok = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password, captcha_id: last.captcha_id, captcha_code: lastCode.toLowerCase() }, { ip });
    expect(ok.statusCode).toBe(200);
    // Success clears the failure count.
    expect((await call('GET', '/user/action/record?action=password', undefined, { ip })).json().data.verify).toBe(false);
  });

  it('after failures from many addresses asks a captcha for the account, and its owner still gets in', async () => {
    const target = await register('dave');
    for (let i = 0; i < 12; i++) {
      // A new address each time: no address reaches its own limit, the account does.
      const res = await call('POST', '/user/login/email', { e_mail: target.email, pass: 'wrong-pass-1' }, { ip: `10.8.1.${i}` });
      expect(res.statusCode).toBe(400);
    }
    const owner = '10.8.2.1';
    const refused = await call('POST', '/user/login/email', { e_mail: target.email, pass: 'password-123' }, { ip: owner });
    expect(fieldsOf(refused)).toEqual(['captcha_code']);
    // The owner's address now announces the captcha, so the form shows the picture.
    const record = (await call('GET', '/user/action/record?action=password', undefined, { ip: owner })).json().data;
    expect(record.verify).toBe(true);
    const code = (await site.runtime.cache.get<{ code: string }>(`answer:captcha:${record.captcha_id}`))!.code;
    const ok = await call('POST', '/user/login/email', { e_mail: target.email, pass: 'password-123', captcha_id: record.captcha_id, captcha_code: code }, { ip: owner });
    expect(ok.statusCode).toBe(200);
    // Success clears the account's failures: the next login needs no captcha.
    expect((await call('POST', '/user/login/email', { e_mail: target.email, pass: 'password-123' }, { ip: '10.8.2.2' })).statusCode).toBe(200);
  });

  it('refuses with a translated 429 once an address has too many failures', async () => {
    const ip = '10.8.3.1';
    await site.runtime.database.insertInto('config').values({ id: 9002, key: 'security.limits', value: JSON.stringify({ hard: { login_ip: { max: 4, windowSeconds: 900 } } }) }).execute();
    await forgetThrottleSettings(site.runtime);
    try {
      let last;
      for (let i = 0; i < 5; i++) last = await call('POST', '/user/login/email', { e_mail: `nobody${i}@example.com`, pass: 'wrong-pass-1' }, { ip, lang: 'zh_CN' });
      expect(last!.statusCode).toBe(429);
      expect(last!.json().reason).toBe('error.common.rate_limited');
      expect(last!.json().msg).toContain('分钟');
    } finally {
      await site.runtime.database.deleteFrom('config').where('id', '=', 9002).execute();
      await forgetThrottleSettings(site.runtime);
    }
  });

  it('rejects malformed login bodies with field errors', async () => {
    for (const payload of [{}, { e_mail: 1, pass: 2 }, { e_mail: 'a@b.c', pass: 'x'.repeat(100) }]) {
      const res = await call('POST', '/user/login/email', payload, { ip: '10.9.0.1' });
      expect(res.statusCode).toBe(400);
      expect(Array.isArray(res.json().data)).toBe(true);
    }
  });

  it('honours allow_password_login', async () => {
    await setLogin({ allow_password_login: false });
    const res = await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, { ip: '10.9.0.2' });
    expect(res.json().reason).toBe('error.user.not_allowed_login_via_password');
    await setLogin({ allow_password_login: true });
  });
});

describe('sessions', () => {
  it('refuses the token after logout', async () => {
    const token = await login(site, ADMIN.email, ADMIN.password, '10.10.0.1');
    expect((await call('GET', '/user/logout', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', '/user/info', undefined, { token })).json().data).toBeNull();
    expect((await call('PUT', '/user/interface', { language: 'en_US' }, { token })).statusCode).toBe(401);
  });

  it('keeps a token valid across a server restart', async () => {
    const token = await login(site, ADMIN.email, ADMIN.password, '10.10.0.2');
    await site.restart();
    expect((await call('GET', '/user/info', undefined, { token })).json().data.username).toBe(ADMIN.name);
  });

  it('stores only digests of tokens', async () => {
    const token = await login(site, ADMIN.email, ADMIN.password, '10.10.0.3');
    const stored = await site.runtime.database.selectFrom('session').select('token').execute();
    expect(stored.some((s) => s.token === token)).toBe(false);
  });

  it('answers 403 suspended for a suspended account, and user/info tells the web', async () => {
    const user = await register('erin');
    await site.runtime.database.updateTable('user').set({ status: 9, mail_status: 1 }).where('username', '=', 'erin').execute();
    const res = await call('PUT', '/user/interface', { language: 'en_US' }, { token: user.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ type: 'suspended' });
    expect((await call('GET', '/user/info', undefined, { token: user.token })).json().data.status).toBe('suspended');
  });

  it('sends visitors of a private site to login but keeps the login flow open', async () => {
    await setLogin({ login_required: true });
    try {
      expect((await call('GET', '/siteinfo/legal?info_type=tos')).statusCode).toBe(401);
      expect((await call('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, { ip: '10.10.0.4' })).statusCode).toBe(200);
      const user = await register('frank');
      // Logged in but unverified: 403 inactive on public content.
      const res = await call('GET', '/siteinfo/legal?info_type=tos', undefined, { token: user.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().data).toEqual({ type: 'inactive' });
    } finally {
      await setLogin({ login_required: false });
    }
  });
});

describe('password and e-mail management', () => {
  it('resets a forgotten password from the mailed link and ends every session', async () => {
    const user = await register('grace');
    const seen = smtp.mails.length;
    expect((await call('POST', '/user/password/reset', { e_mail: user.email }, { ip: '10.11.0.1' })).statusCode).toBe(200);
    const code = codeFromMail(await smtp.waitFor(user.email, seen, '/users/password-reset'), '/users/password-reset');
    expect((await call('POST', '/user/password/replacement', { code, pass: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await call('GET', '/user/info', undefined, { token: user.token })).json().data).toBeNull();
    await login(site, user.email, 'brand-new-pass', '10.11.0.2');
    const replay = await call('POST', '/user/password/replacement', { code, pass: 'another-pass-1' });
    expect(replay.json().reason).toBe('error.email.verify_url_expired');
  });

  it('answers an unknown address the same way (no probing)', async () => {
    const res = await call('POST', '/user/password/reset', { e_mail: 'ghost@example.com' }, { ip: '10.11.0.3' });
    expect(res.statusCode).toBe(200);
  });

  it('changes the password with the old one and ends the other sessions only', async () => {
    const user = await register('heidi');
    await site.runtime.database.updateTable('user').set({ mail_status: 1 }).where('username', '=', 'heidi').execute();
    const other = await login(site, user.email, 'password-123', '10.12.0.1');
    const wrongOld = await call('PUT', '/user/password', { old_pass: 'nope-nope', pass: 'newer-pass-1' }, { token: user.token });
    expect(fieldsOf(wrongOld)).toEqual(['old_pass']);
    const same = await call('PUT', '/user/password', { old_pass: 'password-123', pass: 'password-123' }, { token: user.token });
    expect(fieldsOf(same)).toEqual(['pass']);
    expect((await call('PUT', '/user/password', { old_pass: 'password-123', pass: 'newer-pass-1' }, { token: user.token })).statusCode).toBe(200);
    expect((await call('GET', '/user/info', undefined, { token: user.token })).json().data.username).toBe('heidi');
    expect((await call('GET', '/user/info', undefined, { token: other })).json().data).toBeNull();
  });

  it('changes the e-mail address after confirming the new one', async () => {
    const user = await register('ivan');
    await site.runtime.database.updateTable('user').set({ mail_status: 1 }).where('username', '=', 'ivan').execute();
    const wrongPass = await call('POST', '/user/email/change/code', { e_mail: 'ivan.new@example.com', pass: 'bad-pass-1' }, { token: user.token, ip: '10.13.0.1' });
    expect(fieldsOf(wrongPass)).toEqual(['pass']);
    const taken = await call('POST', '/user/email/change/code', { e_mail: 'alice@example.com', pass: 'password-123' }, { token: user.token, ip: '10.13.0.1' });
    expect(fieldsOf(taken)).toEqual(['e_mail']);
    const seen = smtp.mails.length;
    const ok = await call('POST', '/user/email/change/code', { e_mail: 'ivan.new@example.com', pass: 'password-123' }, { token: user.token, ip: '10.13.0.1' });
    expect(ok.statusCode).toBe(200);
    const code = codeFromMail(await smtp.waitFor('ivan.new@example.com', seen), '/users/confirm-new-email');
    const confirmed = await call('PUT', '/user/email', { code });
    expect(confirmed.json().data).toMatchObject({ e_mail: 'ivan.new@example.com', mail_status: 1 });
    expect((await call('PUT', '/user/email', { code })).json().reason).toBe('error.email.verify_url_expired');
  });
});

describe('own settings', () => {
  it('updates the profile within the admin rules and renders the bio safely', async () => {
    const user = await register('judy');
    await site.runtime.database.updateTable('user').set({ mail_status: 1 }).where('username', '=', 'judy').execute();
    const res = await call('PUT', '/user/info', {
      display_name: 'Judy J',
      bio: '**hi** <script>alert(1)</script> [x](javascript:alert(1))',
      website: 'https://judy.example.com',
      location: 'Berlin',
    }, { token: user.token });
    expect(res.statusCode).toBe(200);
    const info = (await call('GET', '/user/info', undefined, { token: user.token })).json().data;
    expect(info).toMatchObject({ display_name: 'Judy J', website: 'https://judy.example.com', location: 'Berlin' });
    expect(info.bio_html).toContain('<strong>hi</strong>');
    expect(info.bio_html).not.toMatch(/<script|href="javascript/);
    expect(info.bio_html).toContain('&lt;script&gt;');

    const bad = await call('PUT', '/user/info', { website: 'javascript:alert(1)', username: 'UPPER', avatar: { type: 'custom', custom: 'https://evil.example/x.png' } }, { token: user.token });
    expect(fieldsOf(bad).sort()).toEqual(['username', 'website']);
    const avatar = await call('PUT', '/user/info', { avatar: { type: 'custom', custom: 'https://evil.example/x.png' } }, { token: user.token });
    expect(fieldsOf(avatar)).toEqual(['avatar']);
    const taken = await call('PUT', '/user/info', { username: 'alice' }, { token: user.token });
    expect(fieldsOf(taken)).toEqual(['username']);
  });

  it('sets interface language and colour scheme, and the notification switches', async () => {
    const token = await login(site, ADMIN.email, ADMIN.password, '10.14.0.1');
    expect((await call('PUT', '/user/interface', { language: 'xx_XX' }, { token })).statusCode).toBe(400);
    expect((await call('PUT', '/user/interface', { language: 'zh_CN', color_scheme: 'dark' }, { token })).statusCode).toBe(200);
    expect((await call('GET', '/user/info', undefined, { token })).json().data).toMatchObject({ language: 'zh_CN', color_scheme: 'dark' });
    await call('PUT', '/user/notification/config', { all_new_question: { key: 'email', enable: true } }, { token });
    const config = (await call('GET', '/user/notification/config', undefined, { token })).json().data;
    expect(config.all_new_question).toEqual({ key: 'email', enable: true });
  });
});

describe('SMTP settings', () => {
  const admin = (method: 'GET' | 'PUT', payload?: unknown) =>
    site.app.inject({ method, url: '/answer/admin/api/setting/smtp', headers: { authorization: adminToken }, payload: payload as object });

  it('is for admins only', async () => {
    const user = await register('kenny');
    await site.runtime.database.updateTable('user').set({ mail_status: 1 }).where('username', '=', 'kenny').execute();
    const res = await site.app.inject({ method: 'GET', url: '/answer/admin/api/setting/smtp', headers: { authorization: user.token } });
    expect(res.statusCode).toBe(403);
    expect((await site.app.inject({ method: 'GET', url: '/answer/admin/api/setting/smtp' })).statusCode).toBe(401);
  });

  it('masks the password and keeps it when the mask is sent back', async () => {
    adminToken = await login(site, ADMIN.email, ADMIN.password, '10.15.0.1');
    const base = { from_email: 'noreply@example.com', from_name: 'Site', smtp_host: '127.0.0.1', smtp_port: smtp.port, encryption: '', smtp_username: 'u', smtp_authentication: false };
    await admin('PUT', { ...base, smtp_password: 'secret' });
    expect((await admin('GET')).json().data.smtp_password).toBe('******');
    await admin('PUT', { ...base, smtp_password: '******' });
    const stored = await site.runtime.database.selectFrom('config').select('value').where('key', '=', 'email.config').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).smtp_password).toBe('secret');
  });

  it('validates port and sender name', async () => {
    for (const port of [0, 65536, 'abc']) {
      const res = await admin('PUT', { smtp_port: port, smtp_host: 'h' });
      expect(fieldsOf(res)).toContain('smtp_port');
    }
    const named = await admin('PUT', { smtp_port: 25, from_name: 'me@example.com' });
    expect(named.json().reason).toBe('error.smtp.config_from_name_cannot_be_email');
  });

  it('sends a test mail, and reports the SMTP error clearly when it cannot', async () => {
    const seen = smtp.mails.length;
    const ok = await admin('PUT', { from_email: 'noreply@example.com', from_name: 'Site', smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_authentication: false, test_email_recipient: 'admin-test@example.com' });
    expect(ok.statusCode).toBe(200);
    expect((await smtp.waitFor('admin-test@example.com', seen)).raw).toContain('Test e-mail');
    const bad = await admin('PUT', { from_email: 'noreply@example.com', smtp_host: '127.0.0.1', smtp_port: 1, test_email_recipient: 'x@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ reason: 'error.smtp.test_failed', data: { err_type: 'alert' } });
    expect(bad.json().msg).toMatch(/ECONNREFUSED|connect/i);
    await useSmtp(site, smtp.port);
  });
});
