import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/core/i18n.js';
import { digest } from '../src/core/session.js';
import { createCode } from '../src/features/email/codes.js';
import { loadSiteSettings, saveSiteGroup, type SiteSettings } from '../src/features/siteinfo/service.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

/** The effects of the security and question settings groups (beyond 1.4.0), each seen on the next request. */
describe.each(targets)('site security and question rules on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let ip = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, user?: User | string, payload?: unknown) =>
    site.app.inject({
      method,
      url: path,
      headers: user ? { authorization: typeof user === 'string' ? user : user.token } : {},
      payload: payload as object,
      remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
  /** Saves a group over its current values, as the admin settings page does. */
  const setGroup = async <K extends 'security' | 'question'>(type: K, changes: Partial<SiteSettings[K]>) =>
    saveSiteGroup(site.runtime, type, { ...(await loadSiteSettings(site.runtime))[type], ...changes });
  /** The one field error of a 400, with the message of the expected reason. */
  const expectFieldError = (res: LightMyRequestResponse, field: string, reason: string, vars?: Record<string, number>) => {
    expect(res.statusCode, res.body).toBe(400);
    const errors = body(res).data as { error_field: string; error_msg: string }[];
    const error = errors.find((e) => e.error_field === field);
    expect(error, res.body).toBeDefined();
    expect(error!.error_msg.toLowerCase()).toContain(t('en_US', reason, vars).toLowerCase());
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
  });
  afterAll(async () => stop?.());

  it('refuses passwords shorter than the site minimum wherever one is set, from the next request on', async () => {
    const user = await member(site, 'pwuser', 1);
    const register = (pass: string, n: string) => call('POST', `${API}/user/register/email`, undefined, { name: `reg${n}`, e_mail: `reg${n}@example.com`, pass });
    // 11 characters: fine at the default minimum (8).
    expect((await register('elevenchars', 'a')).statusCode).toBe(200);
    await setGroup('security', { password_min_length: 12 });
    expect(body(await call('GET', `${API}/siteinfo`)).data.site_security).toEqual({ password_min_length: 12 });

    expectFieldError(await register('elevenchars', 'b'), 'pass', 'error.password.length');
    expect((await register('twelve-chars', 'b')).statusCode).toBe(200);

    const code = await site.runtime.database.transaction().execute((trx) => createCode(trx, 'password_reset', user.id, { email: 'pwuser@example.com' }));
    expectFieldError(await call('POST', `${API}/user/password/replacement`, undefined, { code, pass: 'elevenchars' }), 'pass', 'error.password.length');
    // The refusal left the link usable.
    expect((await call('POST', `${API}/user/password/replacement`, undefined, { code, pass: 'twelve-chars' })).statusCode).toBe(200);

    const fresh = await member(site, 'pwchanger', 1);
    expectFieldError(await call('PUT', `${API}/user/password`, fresh, { old_pass: 'password-123', pass: 'elevenchars' }), 'pass', 'error.password.length');
    expect((await call('PUT', `${API}/user/password`, fresh, { old_pass: 'password-123', pass: 'twelve-chars' })).statusCode).toBe(200);

    expectFieldError(await call('POST', `${ADMIN_API}/user`, admin, { display_name: 'Short Pass', email: 'shortpass@example.com', password: 'elevenchars' }), 'password', 'error.password.length');
    expect((await call('POST', `${ADMIN_API}/user`, admin, { display_name: 'Long Pass', email: 'longpass@example.com', password: 'twelve-chars' })).statusCode).toBe(200);
    const bulk = await call('POST', `${ADMIN_API}/users`, admin, { users: 'Bulk One, bulk1@example.com, twelve-chars\nBulk Two, bulk2@example.com, elevenchars' });
    expectFieldError(bulk, 'users', 'error.admin.bulk_line_password', { line: 2 });
    expectFieldError(await call('PUT', `${ADMIN_API}/user/password`, admin, { user_id: fresh.id, password: 'elevenchars' }), 'password', 'error.password.length');
    expect((await call('PUT', `${ADMIN_API}/user/password`, admin, { user_id: fresh.id, password: 'thirteen-char' })).statusCode).toBe(200);

    await setGroup('security', { password_min_length: 8 });
    expect((await register('elevenchars', 'c')).statusCode).toBe(200);
  });

  it('gives new sessions the lifetime of the security group', async () => {
    const sessionEnd = async (token: string) => {
      const row = await site.runtime.database.selectFrom('session').select(['created_at', 'expires_at']).where('token', '=', digest(token)).executeTakeFirstOrThrow();
      return Number(row.expires_at) - Number(row.created_at);
    };
    const signIn = () => call('POST', `${API}/user/login/email`, undefined, { e_mail: 'lifetime@example.com', pass: 'password-123' });
    await member(site, 'lifetime', 1);
    await setGroup('security', { session_lifetime_days: 2 });
    const first = await signIn();
    expect(first.statusCode).toBe(200);
    expect(await sessionEnd(body(first).data.access_token)).toBe(2 * 86400);
    expect(String(first.headers['set-cookie'])).toContain(`Max-Age=${2 * 86400}`);

    await setGroup('security', { session_lifetime_days: 30 });
    const second = await signIn();
    expect(await sessionEnd(body(second).data.access_token)).toBe(30 * 86400);
    // The earlier session keeps its own end.
    expect(await sessionEnd(body(first).data.access_token)).toBe(2 * 86400);
    await setGroup('security', { session_lifetime_days: 7 });
  });

  it('keeps the captcha plugin and captcha_enabled one switch, both ways', async () => {
    const pluginOn = async () => body(await call('GET', `${API}/plugin/status`)).data.find((p: { slug_name: string }) => p.slug_name === 'basic_captcha').enabled;
    // Searches from one address: after the search rule's count (set low here) a captcha is asked, if the switch is on.
    // Each a new search: a search already counted in the window is not counted again.
    let searches = 0;
    const asksCaptcha = async () => {
      for (let i = 0; i < 2; i++) await site.app.inject({ url: `${API}/search?q=anything${++searches}`, remoteAddress: '10.99.0.1' });
      const record = await site.app.inject({ url: `${API}/user/action/record?action=search`, remoteAddress: '10.99.0.1' });
      await site.runtime.database.deleteFrom('action_counter').execute();
      return body(record).data.verify as boolean;
    };
    await setGroup('security', { limits: { captcha: { search: { count: 2, windowSeconds: 600 } } } });
    expect(await pluginOn()).toBe(true);
    expect(await asksCaptcha()).toBe(true);

    expect((await call('PUT', `${ADMIN_API}/plugin/status`, admin, { plugin_slug_name: 'basic_captcha', enabled: false })).statusCode).toBe(200);
    expect((await loadSiteSettings(site.runtime)).security.captcha_enabled).toBe(false);
    expect(await pluginOn()).toBe(false);
    expect(await asksCaptcha()).toBe(false);

    await setGroup('security', { captcha_enabled: true });
    expect(await pluginOn()).toBe(true);
    expect(await asksCaptcha()).toBe(true);
    await setGroup('security', { limits: {} });
  });

  it('takes a switched-off plugin.status of a site without a security group', async () => {
    const db = site.runtime.database;
    const saved = await db.selectFrom('site_info').selectAll().where('type', '=', 'security').executeTakeFirstOrThrow();
    await db.deleteFrom('site_info').where('type', '=', 'security').execute();
    await db.updateTable('config').set({ value: JSON.stringify({ basic_captcha: false }) }).where('key', '=', 'plugin.status').execute();
    await site.runtime.invalidate('answer:site-settings');
    expect((await loadSiteSettings(site.runtime)).security.captcha_enabled).toBe(false);
    await db.insertInto('site_info').values({ ...saved, id: undefined } as never).execute();
    await db.updateTable('config').set({ value: '{}' }).where('key', '=', 'plugin.status').execute();
    await site.runtime.invalidate('answer:site-settings');
    expect((await loadSiteSettings(site.runtime)).security.captcha_enabled).toBe(true);
  });

  it('applies the security group limits over the config row and the defaults', async () => {
    const { throttleSettings } = await import('../src/features/captcha/settings.js');
    const before = await throttleSettings(site.runtime);
    // The test harness relaxed every captcha rule through the old config row.
    expect(before.limits.captcha.vote.count).toBe(100000);
    expect(before.limits.hard.register_ip.max).toBe(10);
    await setGroup('security', { limits: { captcha: { vote: { count: 3, windowSeconds: 60 } }, hard: { register_ip: { max: 2, windowSeconds: 3600 } } } });
    const after = await throttleSettings(site.runtime);
    expect(after.limits.captcha.vote).toEqual({ count: 3, windowSeconds: 60 });
    expect(after.limits.captcha.answer.count).toBe(100000);
    expect(after.limits.hard.register_ip).toEqual({ max: 2, windowSeconds: 3600 });
    expect(after.limits.hard.login_ip.max).toBe(30);

    // The hard sign-up limit of one address now stops the third attempt.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await site.app.inject({ method: 'POST', url: `${API}/user/register/email`, payload: { name: `limited${i}`, e_mail: `limited${i}@example.com`, pass: 'password-123' }, remoteAddress: '10.98.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    await setGroup('security', { limits: {} });
    expect((await throttleSettings(site.runtime)).limits.hard.register_ip.max).toBe(10);
  });

  it('checks the question minimums and the tag maximum on ask and edit, from the next request on', async () => {
    const ask = (title: string, content: string, tags = ['support']) =>
      call('POST', `${API}/question`, admin, { title, content, tags: tags.map((slug_name) => ({ slug_name })) });
    const created = await ask('Short title', 'Short body');
    expect(created.statusCode, created.body).toBe(200);
    const id = body(created).data.id;

    await setGroup('question', { min_title_length: 15, min_body_length: 20, max_tags: 2 });
    expect(body(await call('GET', `${API}/siteinfo`)).data.site_question).toMatchObject({ min_title_length: 15, min_body_length: 20, max_tags: 2 });
    const refused = await ask('Short title', 'Short body', ['support', 'tag-b', 'tag-c']);
    expectFieldError(refused, 'title', 'error.question.title_too_short', { min: 15 });
    expectFieldError(refused, 'content', 'error.question.content_too_short', { min: 20 });
    expectFieldError(refused, 'tags', 'error.tag.too_many', { max: 2 });
    // Surrounding spaces do not count.
    expectFieldError(await ask('A title of length', `   ${'x'.repeat(19)}   `), 'content', 'error.question.content_too_short', { min: 20 });
    expect((await ask('A title of length', 'A body that is long enough', ['support', 'tag-b'])).statusCode).toBe(200);

    const edit = (title: string, content: string) =>
      call('PUT', `${API}/question`, admin, { id, title, content, tags: [{ slug_name: 'support' }] });
    expectFieldError(await edit('Short title', 'A body that is long enough'), 'title', 'error.question.title_too_short', { min: 15 });
    expectFieldError(await edit('A long enough title', 'Short body'), 'content', 'error.question.content_too_short', { min: 20 });
    expect((await edit('A long enough title', 'A body that is long enough')).statusCode).toBe(200);
    await setGroup('question', { min_title_length: 1, min_body_length: 1, max_tags: 10 });
  });

  it('lets closed questions take answers only when allow_answer_closed is on', async () => {
    const asked = await call('POST', `${API}/question`, admin, { title: 'Closed but answerable?', content: 'Trying answers on a closed question.', tags: [{ slug_name: 'support' }] });
    const id = body(asked).data.id;
    await site.runtime.database.updateTable('question').set({ status: 2 }).where('id', '=', id).execute();
    const answerer = await member(site, 'closedanswerer', 200);
    const answer = (user: User) => call('POST', `${API}/answer`, user, { question_id: id, content: 'An answer to a closed question.' });
    const refused = await answer(answerer);
    expect([refused.statusCode, body(refused).reason]).toEqual([400, 'error.answer.question_closed_cannot_add']);
    await setGroup('question', { allow_answer_closed: true });
    const allowed = await answer(answerer);
    expect(allowed.statusCode, allowed.body).toBe(200);
    await setGroup('question', { allow_answer_closed: false });
    expect((await answer(admin)).statusCode).toBe(400);
  });
});
