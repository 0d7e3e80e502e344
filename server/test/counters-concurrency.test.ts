import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '../src/features/counters/check.js';
import { createCode } from '../src/features/email/codes.js';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * Many people doing the same thing at the same moment, on each database: every counter ends exact
 * (the values a person would see, and a recount of every counter from the rows finds no drift).
 */
describe.each(dialectTargets())('counters under concurrency on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let crowd: User[] = [];

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: { authorization: user.token }, payload: payload as object });
  const ok = async (promise: ReturnType<typeof api>) => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const allOk = (replies: { statusCode: number; body: string }[]) => expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
  // Of two identical moderator actions at once, one may find the work done (400/404), never a 500.
  const no500 = (replies: { statusCode: number; body: string }[]) => expect(replies.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
  const db = () => site.runtime.database;
  const column = async (table: 'question' | 'answer' | 'comment' | 'user' | 'tag', id: string, col: string) =>
    Number(((await db().selectFrom(table).select(col as 'id').where('id', '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>)[col]);
  const ask = (user: User, title: string, tags: string[]) => api('POST', '/question', user, { title, content: `${title}, in more words.`, tags: tags.map((slug_name) => ({ slug_name })) });

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    crowd = [];
    // Enough reputation to vote and to create tags.
    for (let i = 0; i < 30; i++) crowd.push(await member(site, `crowd${String(i).padStart(2, '0')}`, 2000));
  }, 120_000);
  afterAll(async () => stop?.());

  it('counts 30 answers posted at once to one question, and concurrent deletions once', async () => {
    const [asker, ...answerers] = crowd as [User, ...User[]];
    const questionId = (await ok(ask(asker, 'Thirty people answer this at once', ['support']))).id;
    const replies = await Promise.all(answerers.map((u, i) => api('POST', '/answer', u, { question_id: questionId, content: `Answer number ${i}` })));
    allOk(replies);
    expect(await column('question', questionId, 'answer_count')).toBe(29);
    for (const u of answerers) expect(await column('user', u.id, 'answer_count')).toBe(1);
    await expectCountersExact(site);

    // Three answers, each deleted by the admin twice at the same moment, then undeleted twice at once.
    const ids = replies.slice(0, 3).map((r) => String(body(r).data.info.id));
    no500(await Promise.all(ids.flatMap((id) => [api('DELETE', '/answer', admin, { id }), api('DELETE', '/answer', admin, { id })])));
    expect(await column('question', questionId, 'answer_count')).toBe(26);
    expect(await column('user', answerers[0]!.id, 'answer_count')).toBe(0);
    await expectCountersExact(site);
    no500(await Promise.all(ids.flatMap((id) => [api('POST', '/answer/recover', admin, { answer_id: id }), api('POST', '/answer/recover', admin, { answer_id: id })])));
    expect(await column('question', questionId, 'answer_count')).toBe(29);
    await expectCountersExact(site);
  });

  it('keeps comments and their votes exact when posted at once', async () => {
    const [asker, answerer, ...others] = crowd as [User, User, ...User[]];
    const questionId = (await ok(ask(asker, 'Comments arrive all together', ['support']))).id;
    const answerId = (await ok(api('POST', '/answer', answerer, { question_id: questionId, content: 'An answer to comment on' }))).info.id;
    const replies = await Promise.all(
      others.flatMap((u, i) => [
        api('POST', '/comment', u, { object_id: questionId, original_text: `Comment on the question ${i}` }),
        api('POST', '/comment', u, { object_id: answerId, original_text: `Comment on the answer ${i}` }),
      ]),
    );
    allOk(replies);
    const live = await db().selectFrom('comment').select((eb) => eb.fn.countAll().as('n')).where('question_id', '=', questionId).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(others.length * 2);
    const commentId = String(body(replies[0]!).data.comment_id ?? body(replies[0]!).data.id);
    // Everybody but the comment's author (who may not vote on it) likes it at once.
    const likes = await Promise.all(crowd.filter((u) => u !== others[0]).map((u) => api('POST', '/vote/up', u, { object_id: commentId })));
    allOk(likes);
    expect(await column('comment', commentId, 'vote_count')).toBe(crowd.length - 1);
    await expectCountersExact(site);
  });

  it('counts bookmarks, follows and votes by many people at once, and their withdrawal', async () => {
    const [asker, ...fans] = crowd as [User, ...User[]];
    const questionId = (await ok(ask(asker, 'Everybody bookmarks, follows and votes', ['support']))).id;
    const all = (on: boolean, who: User[]) =>
      Promise.all(
        who.flatMap((u) => [
          api('POST', '/collection/switch', u, { object_id: questionId, group_id: '0', bookmark: on }),
          api('POST', '/follow', u, { object_id: questionId, is_cancel: !on }),
          api('POST', '/vote/up', u, { object_id: questionId, is_cancel: !on }),
        ]),
      );
    allOk(await all(true, fans));
    for (const col of ['collection_count', 'follow_count', 'vote_count']) expect(await column('question', questionId, col)).toBe(fans.length);
    await expectCountersExact(site);
    allOk(await all(false, fans.slice(0, 10)));
    for (const col of ['collection_count', 'follow_count', 'vote_count']) expect(await column('question', questionId, col)).toBe(fans.length - 10);
    await expectCountersExact(site);
  });

  it('counts questions asked at once with the same tags, a new one among them', async () => {
    const askers = crowd.slice(0, 20);
    const before = new Map(await Promise.all(askers.map(async (u) => [u.id, await column('user', u.id, 'question_count')] as const)));
    const replies = await Promise.all(askers.map((u, i) => ask(u, `Question ${i} with a brand new tag`, ['support', 'brand-new-tag'])));
    allOk(replies);
    const tag = async (slug: string) => db().selectFrom('tag').select(['id', 'question_count']).where('slug_name', '=', slug).executeTakeFirstOrThrow();
    expect(Number((await tag('brand-new-tag')).question_count)).toBe(20);
    for (const u of askers) expect(await column('user', u.id, 'question_count')).toBe(before.get(u.id)! + 1);
    await expectCountersExact(site);

    // Five of them deleted twice at the same moment, and one hidden while it is being deleted.
    const ids = replies.map((r) => String(body(r).data.id));
    no500(await Promise.all(ids.slice(0, 5).flatMap((id) => [api('DELETE', '/question', admin, { id }), api('DELETE', '/question', admin, { id })])));
    no500(await Promise.all([api('DELETE', '/question', admin, { id: ids[5] }), api('PUT', '/question/operation', admin, { id: ids[5], operation: 'hide' })]));
    expect(Number((await tag('brand-new-tag')).question_count)).toBe(14);
    for (const u of askers.slice(0, 5)) expect(await column('user', u.id, 'question_count')).toBe(before.get(u.id)!);
    await expectCountersExact(site);
  });

  it('grants the activation bonus once for two codes used at the same moment', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/register/email',
      payload: { name: 'latecomer', e_mail: 'latecomer@example.com', pass: 'password-123' },
      remoteAddress: '10.201.1.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const userId = String(body(res).data.id);
    const codes = [await createCode(db(), 'activation', userId, { email: 'latecomer@example.com' }), await createCode(db(), 'activation', userId, { email: 'latecomer@example.com' })];
    const replies = await Promise.all(codes.map((code) => site.app.inject({ method: 'POST', url: '/answer/api/v1/user/email/verification', payload: { code } })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const bonuses = await db().selectFrom('activity').select('id').where('user_id', '=', userId).where('activity_type', '=', 10).execute();
    expect(bonuses).toHaveLength(1);
    expect(await column('user', userId, 'rank')).toBe(1);
    expect((await checkCounters(db())).filter((d) => d.id === userId)).toEqual([]);
  });

  it('saves notification settings sent many times at once without an error', async () => {
    // Accounts without stored settings (the installer's admin, or accounts from before registration
    // wrote defaults): every request of a burst finds no row to update and inserts.
    const savers = [admin, ...crowd.slice(10, 20)];
    await db().deleteFrom('user_notification_config').where('user_id', 'in', savers.map((u) => u.id)).execute();
    const put = (user: User, i: number) =>
      api('PUT', '/user/notification/config', user, {
        inbox: { key: 'email', enable: i % 2 === 0 },
        all_new_question: { key: 'email', enable: true },
        all_new_question_for_following_tags: { key: 'email', enable: false },
      });
    allOk(await Promise.all(savers.flatMap((u) => Array.from({ length: 6 }, (_, i) => put(u, i)))));
    for (const user of savers) {
      const rows = await db().selectFrom('user_notification_config').select(['source', 'enabled']).where('user_id', '=', user.id).execute();
      expect(rows.map((r) => r.source).sort()).toEqual(['all_new_question', 'all_new_question_for_following_tags', 'inbox']);
      expect(Number(rows.find((r) => r.source === 'all_new_question')!.enabled)).toBe(1);
    }
  });
});
