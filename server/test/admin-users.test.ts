import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, login, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const ADMIN_API = '/answer/admin/api';
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(targets)('admin user management on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, user?: User | string, payload?: unknown) =>
    site.app.inject({
      method,
      url: path,
      headers: user ? { authorization: typeof user === 'string' ? user : user.token } : {},
      payload: payload as object,
    });
  const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, user: User | string = admin) => call(method, `${ADMIN_API}${path}`, user, payload);
  /** A call only verified, available accounts may make: 200, or 401/403 with the reason. */
  const authProbe = (token: string) => call('GET', '/answer/api/v1/user/notification/config', token);
  const userInfo = async (token: string) => body(await call('GET', '/answer/api/v1/user/info', token)).data;
  const row = (id: string) => site.runtime.database.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logRows = async (action: string, targetId: string) =>
    (await site.runtime.database.selectFrom('moderation_log').selectAll().where('action', '=', action).where('target_user_id', '=', targetId).orderBy('id').execute()).map((r) => ({
      staff: String(r.staff_user_id),
      reason: r.reason,
      detail: JSON.parse(r.detail),
    }));
  const page = async (query: string) => body(await adminCall('GET', `/users/page?${query}`)).data as { count: number; list: any[] };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'moder', 1);
    expect((await adminCall('PUT', '/user/role', { user_id: moderator.id, role_id: 3 })).statusCode).toBe(200);
    moderator = { id: moderator.id, token: await login(site, 'moder@example.com', 'password-123') };
  });
  afterAll(async () => stop?.());

  it('is for administrators only: visitors 401, members and moderators 403', async () => {
    const user = await member(site, 'plainone', 1);
    const calls: [('GET' | 'POST' | 'PUT'), string, unknown][] = [
      ['GET', '/users/page', undefined],
      ['GET', '/roles', undefined],
      ['PUT', '/user/status', { user_id: user.id, status: 'suspended' }],
      ['PUT', '/user/role', { user_id: user.id, role_id: 2 }],
      ['POST', '/user', { display_name: 'Someone New', email: 'new@example.com', password: 'password-123' }],
      ['POST', '/users', { users: 'Someone Else, else@example.com, password-123' }],
      ['PUT', '/user/password', { user_id: user.id, password: 'password-456' }],
      ['PUT', '/user/profile', { user_id: user.id, display_name: 'Renamed', username: 'renamed', email: 'renamed@example.com' }],
      ['GET', `/user/activation?user_id=${user.id}`, undefined],
      ['POST', '/user/activation', { user_id: user.id }],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(method, `${ADMIN_API}${path}`, undefined, payload)).statusCode, path).toBe(401);
      expect((await call(method, `${ADMIN_API}${path}`, user, payload)).statusCode, path).toBe(403);
      expect((await call(method, `${ADMIN_API}${path}`, moderator, payload)).statusCode, path).toBe(403);
    }
    expect(body(await adminCall('GET', '/roles')).data.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [1, 'User'],
      [2, 'Admin'],
      [3, 'Moderator'],
    ]);
    const changed = await row(user.id);
    expect([Number(changed.status), changed.e_mail]).toEqual([1, 'plainone@example.com']);
  });

  it('lists users by query, status and staff', async () => {
    const listed = await member(site, 'listedperson', 5);
    const all = await page('page=1&page_size=100');
    const item = all.list.find((u) => u.user_id === listed.id);
    expect(item).toMatchObject({ username: 'listedperson', e_mail: 'listedperson@example.com', rank: 5, status: 'normal', role_id: 1, role_name: 'User', suspended_until: 0 });
    expect(all.count).toBe(all.list.length);
    expect((await page('query=listedperson@example.com')).list.map((u) => u.user_id)).toEqual([listed.id]);
    expect((await page(`query=user:${listed.id}`)).list.map((u) => u.user_id)).toEqual([listed.id]);
    expect((await page('query=STEDPERS')).list.map((u) => u.user_id)).toEqual([listed.id]);
    expect((await page('query=%25')).count).toBe(0);
    const staff = await page('staff=true&page_size=100');
    expect(staff.list.map((u) => [u.user_id, u.role_name]).sort()).toEqual([
      [admin.id, 'Admin'],
      [moderator.id, 'Moderator'],
    ].sort());
    expect((await page('status=normal&page_size=100')).list.every((u) => u.status === 'normal')).toBe(true);
    expect((await page('status=bogus')).count).toBe(all.count);
    expect((await adminCall('GET', '/users/page?page=abc')).statusCode).toBe(400);
  });

  it('creates a verified user with default notification settings, who can log in', async () => {
    const res = await adminCall('POST', '/user', { display_name: 'Created Person', email: 'Created@Example.com', password: 'password-123' });
    expect(res.statusCode).toBe(200);
    const created = await site.runtime.database.selectFrom('user').selectAll().where('e_mail', '=', 'created@example.com').executeTakeFirstOrThrow();
    expect([created.username, created.display_name, Number(created.mail_status), Number(created.status), Number(created.rank)]).toEqual(['created-person', 'Created Person', 1, 1, 1]);
    const config = await site.runtime.database.selectFrom('user_notification_config').select(['source', 'enabled']).where('user_id', '=', String(created.id)).execute();
    expect(Object.fromEntries(config.map((c) => [c.source, Number(c.enabled)]))).toEqual({ inbox: 1, all_new_question: 0, all_new_question_for_following_tags: 0 });
    const token = await login(site, 'created@example.com', 'password-123');
    expect((await authProbe(token)).statusCode).toBe(200);
    expect(await logRows('user.create', String(created.id))).toEqual([{ staff: admin.id, reason: '', detail: { username: 'created-person', source: 'single' } }]);

    const duplicate = await adminCall('POST', '/user', { display_name: 'Another Person', email: 'created@example.com', password: 'password-123' });
    expect(duplicate.statusCode).toBe(400);
    expect(body(duplicate).data[0].error_field).toBe('email');
    const invalid = await adminCall('POST', '/user', { display_name: 'abc', email: 'not-an-address', password: 'short' });
    expect(body(invalid).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['display_name', 'email', 'password']);
  });

  it('bulk-adds users, or none with an error per bad line', async () => {
    const before = Number((await site.runtime.database.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const bad = await adminCall('POST', '/users', {
      users: [
        'Bulk One, bulk1@example.com, password-123',
        'Bulk Two, bulk2@example.com',
        '',
        'Bulk Three, bulk1@example.com, password-123',
        'Bulk Four, created@example.com, password-123',
        'Bulk Five, bulk5@example.com, short',
        'Bulk Six, bulk6@example.com, password-123',
      ].join('\n'),
    });
    expect(bad.statusCode).toBe(400);
    const errors = body(bad).data as { error_field: string; error_msg: string }[];
    expect(errors.every((e) => e.error_field === 'users')).toBe(true);
    expect(errors.map((e) => e.error_msg)).toEqual([
      'Line 2: write a display name, an e-mail address and a password, separated by commas.',
      'Line 4: bulk1@example.com is already on line 1.',
      'Line 5: created@example.com is already in use.',
      'Line 6: the password must have 8 to 32 characters and no spaces.',
    ]);
    const after = Number((await site.runtime.database.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);

    const good = await adminCall('POST', '/users', { users: 'Bulk One, bulk1@example.com, password-123\r\nBulk One, bulk2@example.com, password-456\n' });
    expect(good.statusCode).toBe(200);
    const made = await site.runtime.database.selectFrom('user').selectAll().where('e_mail', 'in', ['bulk1@example.com', 'bulk2@example.com']).orderBy('id').execute();
    expect(made.map((u) => [u.display_name, Number(u.mail_status), Number(u.rank)])).toEqual([
      ['Bulk One', 1, 1],
      ['Bulk One', 1, 1],
    ]);
    expect(new Set(made.map((u) => u.username)).size).toBe(2);
    const configs = await site.runtime.database.selectFrom('user_notification_config').select('user_id').where('user_id', 'in', made.map((u) => String(u.id))).execute();
    expect(configs.length).toBe(6);
    await login(site, 'bulk2@example.com', 'password-456');
    expect((await adminCall('POST', '/users', { users: '\n\n' })).statusCode).toBe(400);
  });

  it('changes roles, never the own one, and ends the person\'s sessions at once', async () => {
    const person = await member(site, 'rolechange', 1);
    const self = await adminCall('PUT', '/user/role', { user_id: admin.id, role_id: 1 });
    expect([self.statusCode, body(self).reason]).toEqual([400, 'error.admin.cannot_modify_self_role']);
    const res = await adminCall('PUT', '/user/role', { user_id: person.id, role_id: 3, reason: 'Helps a lot' });
    expect(res.statusCode).toBe(200);
    expect((await authProbe(person.token)).statusCode).toBe(401);
    const fresh = await login(site, 'rolechange@example.com', 'password-123');
    expect((await userInfo(fresh)).role_id).toBe(3);
    expect((await page(`query=user:${person.id}`)).list[0]).toMatchObject({ role_id: 3, role_name: 'Moderator' });
    expect((await adminCall('PUT', '/user/role', { user_id: person.id, role_id: 1 })).statusCode).toBe(200);
    expect((await authProbe(fresh)).statusCode).toBe(401);
    expect(await site.runtime.database.selectFrom('user_role_rel').select('role_id').where('user_id', '=', person.id).executeTakeFirst()).toBeUndefined();
    expect((await logRows('user.role', person.id)).map((r) => [r.reason, r.detail])).toEqual([
      ['Helps a lot', { from: 1, to: 3 }],
      ['', { from: 3, to: 1 }],
    ]);
    expect((await adminCall('PUT', '/user/role', { user_id: person.id, role_id: 7 })).statusCode).toBe(400);
    expect((await adminCall('PUT', '/user/role', { user_id: '99999999', role_id: 2 })).statusCode).toBe(400);
  });

  it('suspends with a reason and an end; the person is refused at once and sees the end in their info', async () => {
    const person = await member(site, 'suspendme', 1);
    const self = await adminCall('PUT', '/user/status', { user_id: admin.id, status: 'suspended' });
    expect([self.statusCode, body(self).reason]).toEqual([400, 'error.admin.cannot_modify_self_status']);
    const past = await adminCall('PUT', '/user/status', { user_id: person.id, status: 'suspended', suspended_until: nowSeconds() - 60 });
    expect([past.statusCode, body(past).data[0].error_field]).toEqual([400, 'suspended_until']);

    const until = nowSeconds() + 3600;
    expect((await adminCall('PUT', '/user/status', { user_id: person.id, status: 'suspended', suspended_until: until, reason: 'Spam links' })).statusCode).toBe(200);
    const refused = await authProbe(person.token);
    expect([refused.statusCode, body(refused).data]).toEqual([403, { type: 'suspended' }]);
    expect(await userInfo(person.token)).toMatchObject({ status: 'suspended', suspended_until: until });
    expect((await page('status=suspended')).list.map((u) => [u.user_id, u.suspended_until])).toEqual([[person.id, until]]);
    expect((await logRows('user.status', person.id)).map((r) => [r.staff, r.reason, r.detail.to, r.detail.suspended_until])).toEqual([[admin.id, 'Spam links', 'suspended', until]]);

    // The end passes: the next request finds the account available again.
    await site.runtime.database.updateTable('user').set({ suspended_until: nowSeconds() - 1 }).where('id', '=', person.id).execute();
    expect((await authProbe(person.token)).statusCode).toBe(200);
    expect(await userInfo(person.token)).toMatchObject({ status: 'normal', suspended_until: 0 });
    expect(Number((await row(person.id)).status)).toBe(1);
  });

  it('lifts ended suspensions when listing; a suspension without end lasts', async () => {
    const ended = await member(site, 'endedsusp', 1);
    const forever = await member(site, 'foreversusp', 1);
    expect((await adminCall('PUT', '/user/status', { user_id: ended.id, status: 'suspended', suspended_until: nowSeconds() + 100 })).statusCode).toBe(200);
    expect((await adminCall('PUT', '/user/status', { user_id: forever.id, status: 'suspended' })).statusCode).toBe(200);
    await site.runtime.database.updateTable('user').set({ suspended_until: nowSeconds() - 5 }).where('id', '=', ended.id).execute();
    expect((await page('status=suspended')).list.map((u) => [u.user_id, u.suspended_until])).toEqual([[forever.id, 0]]);
    expect(Number((await row(ended.id)).status)).toBe(1);
    expect(await userInfo(forever.token)).toMatchObject({ status: 'suspended', suspended_until: 0 });
    expect((await adminCall('PUT', '/user/status', { user_id: forever.id, status: 'normal' })).statusCode).toBe(200);
    expect((await authProbe(forever.token)).statusCode).toBe(200);
  });

  it('deactivates, deletes (sessions end, address freed, final) and removes all content', async () => {
    const person = await member(site, 'spammer', 200);
    const other = await member(site, 'bystander', 200);
    const asked = await call('POST', '/answer/api/v1/question', person, { title: 'Buy cheap things here now', content: 'Spam spam spam spam spam', tags: [{ slug_name: 'support' }] });
    expect(asked.statusCode, asked.body).toBe(200);
    const question = body(asked).data.id;
    const otherQuestion = body(await call('POST', '/answer/api/v1/question', other, { title: 'A real question for people', content: 'What is the answer to this?', tags: [{ slug_name: 'support' }] })).data.id;
    const answered = await call('POST', '/answer/api/v1/answer', person, { question_id: otherQuestion, content: 'Visit my shop for the answer' });
    expect(answered.statusCode, answered.body).toBe(200);
    const answer = body(answered).data.info?.id ?? body(answered).data.id;
    expect([question, answer].every(Boolean), JSON.stringify([question, answer])).toBe(true);

    expect((await adminCall('PUT', '/user/status', { user_id: person.id, status: 'inactive' })).statusCode).toBe(200);
    expect(body(await authProbe(person.token)).data).toEqual({ type: 'inactive' });
    expect((await page('status=inactive')).list.map((u) => u.user_id)).toContain(person.id);

    expect((await adminCall('PUT', '/user/status', { user_id: person.id, status: 'deleted', remove_all_content: true, reason: 'Spammer' })).statusCode).toBe(200);
    expect((await authProbe(person.token)).statusCode).toBe(401);
    const deleted = await row(person.id);
    expect(Number(deleted.status)).toBe(10);
    expect(deleted.e_mail).toMatch(/^spammer@example\.com\.\d+$/);
    const q = await site.runtime.database.selectFrom('question').select('status').where('id', '=', question).executeTakeFirstOrThrow();
    const a = await site.runtime.database.selectFrom('answer').select('status').where('id', '=', answer).executeTakeFirstOrThrow();
    expect([Number(q.status), Number(a.status)]).toEqual([10, 10]);
    expect([Number(deleted.question_count), Number(deleted.answer_count)]).toEqual([0, 0]);
    const otherInfo = body(await call('GET', `/answer/api/v1/question/info?id=${otherQuestion}`)).data;
    expect(otherInfo.answer_count).toBe(0);
    expect((await page('status=deleted')).list.map((u) => u.user_id)).toContain(person.id);
    expect((await page('page_size=100')).list.map((u) => u.user_id)).not.toContain(person.id);

    // Deletion is final; the address can be used again.
    expect((await adminCall('PUT', '/user/status', { user_id: person.id, status: 'normal' })).statusCode).toBe(200);
    expect(Number((await row(person.id)).status)).toBe(10);
    expect((await adminCall('POST', '/user', { display_name: 'Spammer Reborn', email: 'spammer@example.com', password: 'password-123' })).statusCode).toBe(200);
    expect((await logRows('user.status', person.id)).map((r) => [r.detail.from, r.detail.to, r.detail.remove_all_content, r.reason])).toEqual([
      ['normal', 'inactive', false, ''],
      ['inactive', 'deleted', true, 'Spammer'],
    ]);
  });

  it('sets another person\'s password, ending their sessions; never the own one', async () => {
    const person = await member(site, 'forgetful', 1);
    const self = await adminCall('PUT', '/user/password', { user_id: admin.id, password: 'password-999' });
    expect([self.statusCode, body(self).reason]).toEqual([400, 'error.admin.cannot_update_their_password']);
    expect((await adminCall('PUT', '/user/password', { user_id: person.id, password: 'short' })).statusCode).toBe(400);
    expect((await adminCall('PUT', '/user/password', { user_id: person.id, password: 'new-password-1', reason: 'Asked by mail' })).statusCode).toBe(200);
    expect((await authProbe(person.token)).statusCode).toBe(401);
    await login(site, 'forgetful@example.com', 'new-password-1');
    expect((await logRows('user.password', person.id)).map((r) => r.reason)).toEqual(['Asked by mail']);
    expect((await authProbe(admin.token)).statusCode).toBe(200);
  });

  it('edits another person\'s profile with uniqueness checks', async () => {
    const person = await member(site, 'oldname', 1);
    const self = await adminCall('PUT', '/user/profile', { user_id: admin.id, display_name: 'Admin Two', username: 'admintwo', email: 'a2@example.com' });
    expect([self.statusCode, body(self).reason]).toEqual([400, 'error.admin.cannot_edit_their_profile']);
    const taken = await adminCall('PUT', '/user/profile', { user_id: person.id, display_name: 'New Name', username: 'moder', email: 'admin@example.com' });
    expect(body(taken).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['email', 'username']);
    expect((await adminCall('PUT', '/user/profile', { user_id: person.id, display_name: 'New Name', username: 'Bad Name', email: 'x@example.com' })).statusCode).toBe(400);
    expect((await adminCall('PUT', '/user/profile', { user_id: person.id, display_name: 'New Name', username: 'newname', email: 'New@Example.com' })).statusCode).toBe(200);
    expect(await row(person.id)).toMatchObject({ display_name: 'New Name', username: 'newname', e_mail: 'new@example.com' });
    const [entry] = await logRows('user.profile', person.id);
    expect(entry!.detail).toEqual({ display_name: { from: 'oldname', to: 'New Name' }, username: { from: 'oldname', to: 'newname' }, email: { from: 'oldname@example.com', to: 'new@example.com' } });
  });

  it('gives an activation link to copy, and resends the mail', async () => {
    const reg = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/register/email', payload: { name: 'stuckperson', e_mail: 'stuck@example.com', pass: 'password-123' }, remoteAddress: '10.9.9.9' });
    const stuck = body(reg).data as { id: string; access_token: string };
    const res = await adminCall('GET', `/user/activation?user_id=${stuck.id}`);
    expect(res.statusCode).toBe(200);
    const link: string = body(res).data.activation_url;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:9080\/users\/account-activation\?code=/);
    const code = decodeURIComponent(link.split('?code=')[1]!);
    expect((await call('POST', '/answer/api/v1/user/email/verification', undefined, { code })).statusCode).toBe(200);
    expect(Number((await row(stuck.id)).mail_status)).toBe(1);
    expect((await adminCall('GET', `/user/activation?user_id=${stuck.id}`)).statusCode).toBe(400);

    const other = body(await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/register/email', payload: { name: 'stucktwo', e_mail: 'stuck2@example.com', pass: 'password-123' }, remoteAddress: '10.9.9.8' })).data;
    const mailsTo = async () =>
      (await site.runtime.database.selectFrom('outbox').select('payload').where('topic', '=', 'mail.send').execute()).filter((m) => m.payload.includes('stuck2@example.com')).length;
    const before = await mailsTo();
    expect((await adminCall('POST', '/user/activation', { user_id: other.id })).statusCode).toBe(200);
    expect(await mailsTo()).toBe(before + 1);
    expect((await logRows('user.activation', String(other.id))).map((r) => r.detail)).toEqual([{ sent: true }]);
  });

  it('shows the actions in the moderation log, filtered by staff member, action and person', async () => {
    const person = await member(site, 'loggedone', 1);
    await adminCall('PUT', '/user/status', { user_id: person.id, status: 'suspended', reason: 'Rude' });
    const log = body(await adminCall('GET', `/moderation/log?action=user.status&staff=admin&target_user_id=${person.id}`)).data;
    expect(log.count).toBe(1);
    expect(log.list[0]).toMatchObject({ action: 'user.status', reason: 'Rude', object_type: 'user', object_id: person.id, staff_user: { username: 'admin' }, target_user: { username: 'loggedone' } });
    expect((await adminCall('GET', '/moderation/log', undefined, moderator)).statusCode).toBe(403);
  });
});
