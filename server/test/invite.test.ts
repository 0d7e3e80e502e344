import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedQuestionLists } from '../src/features/question/list-cache.js';
import { ADMIN, body, login, member, type TestSite } from './support/app.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

describe.each(targets)('inviting people to answer on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let below: User;
  let inviter: User;
  let invitees: User[];
  let questionId: string;

  const api = (method: 'GET' | 'PUT' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const invite = (user: User, names: string[], id = questionId) => api('PUT', '/question/invite', user, { id, invite_user: names });
  const invited = async (id = questionId, user?: User) => {
    const res = await api('GET', `/question/invite?id=${id}`, user);
    expect(res.statusCode).toBe(200);
    return (body(res).data as { username: string }[]).map((u) => u.username);
  };
  const extendsActions = async (user?: User, id = questionId) => body(await api('GET', `/question/info?id=${id}`, user)).data.extends_actions;

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    // Level 3: inviting needs 1000 reputation (domain.md 4.2).
    const adminToken = await login(site, ADMIN.email, ADMIN.password);
    const level = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/setting/privileges', headers: { authorization: adminToken }, payload: { level: 3 } });
    expect(level.statusCode).toBe(200);
    author = await member(site, 'invauthor', 1);
    below = await member(site, 'invbelow', 999);
    inviter = await member(site, 'invinviter', 1000);
    invitees = [];
    for (const n of ['inva', 'invb', 'invc', 'invd', 'inve', 'invf']) invitees.push(await member(site, n, 1));
    questionId = body(await api('POST', '/question', author, { title: 'Who can answer this one?', content: 'Question body', tags: [{ slug_name: 'support' }] })).data.id;
  });
  afterAll(async () => stop?.());

  it('needs the invite privilege, and offers the action only to those who have it', async () => {
    const refused = await invite(below, ['inva']);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toContain('1000');
    expect(await invited()).toEqual([]);
    expect((await invite(inviter, ['inva'])).statusCode).toBe(200);
    expect(await invited()).toEqual(['inva']);

    expect(await extendsActions(inviter)).toEqual([{ action: 'invite_other_to_answer', name: 'Invite someone to answer', type: 'confirm' }]);
    expect(await extendsActions(below)).toEqual([]);
    expect(await extendsActions()).toEqual([]);
  });

  it('replaces the list each time', async () => {
    expect((await invite(inviter, ['inva', 'invb'])).statusCode).toBe(200);
    expect(await invited()).toEqual(['inva', 'invb']);
    expect((await invite(inviter, ['invc'])).statusCode).toBe(200);
    expect(await invited(questionId, inviter)).toEqual(['invc']);
    expect((await invite(inviter, [])).statusCode).toBe(200);
    expect(await invited()).toEqual([]);
  });

  it('drops unknown and departed users, the inviter and the author', async () => {
    await site.runtime.database.updateTable('user').set({ status: 10 }).where('id', '=', invitees[4]!.id).execute();
    const res = await invite(inviter, ['invb', 'nosuchuser', 'invinviter', 'invauthor', 'inve']);
    expect(res.statusCode).toBe(200);
    expect(await invited()).toEqual(['invb']);
    const row = await site.runtime.database.selectFrom('question').select('invite_user_id').where('id', '=', questionId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.invite_user_id)).toEqual([invitees[1]!.id]);
  });

  it('invites at most five people', async () => {
    const six = await invite(inviter, ['inva', 'invb', 'invc', 'invd', 'invf', 'invauthor']);
    expect(six.statusCode).toBe(400);
    expect(body(six).data[0].error_field).toBe('invite_user');
    expect(await invited()).toEqual(['invb']);
    expect((await invite(inviter, ['inva', 'invb', 'invc', 'invd', 'invf'])).statusCode).toBe(200);
    expect(await invited()).toEqual(['inva', 'invb', 'invc', 'invd', 'invf']);
  });

  it('refuses visitors, unknown and closed questions, and bad input', async () => {
    expect((await api('PUT', '/question/invite', undefined, { id: questionId, invite_user: ['inva'] })).statusCode).toBe(401);
    expect((await invite(inviter, ['inva'], '10010000000999999')).statusCode).toBe(404);
    expect((await api('GET', '/question/invite?id=10010000000999999')).statusCode).toBe(404);
    const noId = await api('PUT', '/question/invite', inviter, { invite_user: ['inva'] });
    expect(noId.statusCode).toBe(400);
    expect(body(noId).data[0].error_field).toBe('id');
    expect((await api('PUT', '/question/invite', inviter, { id: questionId, invite_user: 'inva' })).statusCode).toBe(400);

    const closed = body(await api('POST', '/question', author, { title: 'A question that gets closed', content: 'Question body', tags: [{ slug_name: 'support' }] })).data.id;
    await site.runtime.database.updateTable('question').set({ status: 2 }).where('id', '=', closed).execute();
    // Closed behind the app's back: the cached pages are told, as a close would.
    await changedQuestionLists(site.runtime);
    expect((await invite(inviter, ['inva'], closed)).statusCode).toBe(400);
    expect(await extendsActions(inviter, closed)).toEqual([]);
  });
});
