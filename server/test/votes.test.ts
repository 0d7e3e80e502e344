import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';


/** The scenarios run on SQLite and on every configured server database. */
const targets = dialectTargets();

describe.each(targets)('votes, reputation and accepting on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let asker: User;
  let answerer: User;
  let voter: User;
  let lowRep: User;
  let questionId: string;
  let answerId: string;

  const api = (method: 'GET' | 'POST', path: string, user: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: { authorization: user.token }, payload: payload as object });
  const rank = async (u: User) => Number((await site.runtime.database.selectFrom('user').select('rank').where('id', '=', u.id).executeTakeFirstOrThrow()).rank);
  /** Reputation must always equal the starting value plus the sum of the live ledger. */
  const ledger = async (u: User) =>
    Number(
      (
        await site.runtime.database
          .selectFrom('activity')
          .select((eb) => eb.fn.sum<number>('rank').as('s'))
          .where('user_id', '=', u.id)
          .where('cancelled', '=', 0)
          .executeTakeFirst()
      )?.s ?? 0,
    );
  const start = new Map<string, number>();

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    asker = await member(site, 'asker', 200);
    answerer = await member(site, 'answerer', 100);
    voter = await member(site, 'voter', 200);
    lowRep = await member(site, 'lowrep', 7);
    for (const u of [asker, answerer, voter, lowRep]) start.set(u.id, await rank(u));
    questionId = (await api('POST', '/question', asker, { title: 'Vote on me please', content: 'Question body', tags: [{ slug_name: 'support' }] })).json().data.id;
    answerId = (await api('POST', '/answer', answerer, { question_id: questionId, content: 'An answer worth votes.' })).json().data.info.id;
  });
  afterAll(async () => stop?.());

  const consistent = async (u: User) => expect(await rank(u)).toBe(start.get(u.id)! + (await ledger(u)));
  const newMember = async (n: string, r: number) => {
    const u = await member(site, `${n}${name.replace(/\W/g, '')}`, r);
    start.set(u.id, r);
    return u;
  };

  it('upvotes give the author 10 and the reply carries the counts', async () => {
    const res = await api('POST', '/vote/up', voter, { object_id: questionId });
    expect(res.json().data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await rank(asker)).toBe(210);
    // Repeating is a no-op; cancelling reverses exactly.
    await api('POST', '/vote/up', voter, { object_id: questionId });
    expect(await rank(asker)).toBe(210);
    expect((await api('POST', '/vote/up', voter, { object_id: questionId, is_cancel: true })).json().data.votes).toBe(0);
    expect(await rank(asker)).toBe(200);
    // The stored score, which the question page shows, follows the withdrawal.
    expect((await api('GET', `/question/info?id=${questionId}`, voter)).json().data.vote_count).toBe(0);
    await consistent(asker);
  });

  it('downvoting an answer costs the voter 1 and the author 2; switching cancels the first vote', async () => {
    await api('POST', '/vote/down', voter, { object_id: answerId });
    expect([await rank(voter), await rank(answerer)]).toEqual([199, 98]);
    const up = await api('POST', '/vote/up', voter, { object_id: answerId });
    expect(up.json().data).toMatchObject({ votes: 1, vote_status: 'vote_up' });
    expect([await rank(voter), await rank(answerer)]).toEqual([200, 110]);
    await consistent(voter);
    await consistent(answerer);
  });

  it("refuses self-votes with the spec's message, and votes below the privilege", async () => {
    const self = await api('POST', '/vote/up', asker, { object_id: questionId });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ msg: "You can't vote for your own post.", data: { err_type: 'toast' } });
    const low = await api('POST', '/vote/up', lowRep, { object_id: questionId });
    expect(low.statusCode).toBe(403);
    expect(low.json().msg).toBe('You need at least 8 reputation to do this.');
    await site.runtime.database.updateTable('user').set({ rank: 8 }).where('id', '=', lowRep.id).execute();
    start.set(lowRep.id, 8);
    expect((await api('POST', '/vote/up', lowRep, { object_id: questionId })).statusCode).toBe(200);
    const down = await api('POST', '/vote/down', lowRep, { object_id: answerId });
    expect(down.json().msg).toBe('You need at least 125 reputation to do this.');
  });

  it('counts 50 simultaneous identical votes once', async () => {
    const fresh = await newMember('crowd', 200);
    const before = await rank(answerer);
    const replies = await Promise.all(Array.from({ length: 50 }, () => api('POST', '/vote/up', fresh, { object_id: answerId })));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await rank(answerer)).toBe(before + 10);
    const votes = await site.runtime.database.selectFrom('vote').select('direction').where('object_id', '=', answerId).execute();
    const answer = await site.runtime.database.selectFrom('answer').select('vote_count').where('id', '=', answerId).executeTakeFirstOrThrow();
    expect(Number(answer.vote_count)).toBe(votes.reduce((s, v) => s + Number(v.direction), 0));
    await consistent(answerer);
    await expectCountersExact(site);
  });

  it('accepting gives 15 and 2, changing and un-accepting reverse it; 50 simultaneous accepts apply once', async () => {
    const other = await newMember('second', 100);
    const secondAnswer = (await api('POST', '/answer', other, { question_id: questionId, content: 'Another good answer.' })).json().data.info.id;
    const [a0, q0, o0] = [await rank(answerer), await rank(asker), await rank(other)];
    const replies = await Promise.all(Array.from({ length: 50 }, () => api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerId })));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect([await rank(answerer), await rank(asker)]).toEqual([a0 + 15, q0 + 2]);
    await api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: secondAnswer });
    expect([await rank(answerer), await rank(asker), await rank(other)]).toEqual([a0, q0 + 2, o0 + 15]);
    await api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: '' });
    expect([await rank(asker), await rank(other)]).toEqual([q0, o0]);
    expect((await api('POST', '/answer/acceptance', voter, { question_id: questionId, answer_id: answerId })).statusCode).toBe(403);
    for (const u of [asker, answerer, other]) await consistent(u);
    await expectCountersExact(site);
  });

  it('stops vote gains at 200 a day', async () => {
    const author = await newMember('capped', 1);
    const q = (await api('POST', '/question', author, { title: 'Capped question here', content: 'Body', tags: [{ slug_name: 'support' }] })).json().data.id;
    for (let i = 0; i < 22; i++) {
      const v = await newMember(`fan${i}`, 100);
      await api('POST', '/vote/up', v, { object_id: q });
    }
    expect(await rank(author)).toBe(201);
    await consistent(author);
  });

  it('lets pairs of people downvote each other and accept each other at the same moment without failing', async () => {
    // Each request changes both people's reputation: crossed pairs must not deadlock into a 500.
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const x = await newMember(`crossx${i}`, 300);
        const y = await newMember(`crossy${i}`, 300);
        const qx = (await api('POST', '/question', x, { title: `Crossed question of x ${i}`, content: 'Body', tags: [{ slug_name: 'support' }] })).json().data.id;
        const qy = (await api('POST', '/question', y, { title: `Crossed question of y ${i}`, content: 'Body', tags: [{ slug_name: 'support' }] })).json().data.id;
        const ax = (await api('POST', '/answer', x, { question_id: qy, content: 'Answer by x to y' })).json().data.info.id;
        const ay = (await api('POST', '/answer', y, { question_id: qx, content: 'Answer by y to x' })).json().data.info.id;
        return { x, y, qx, qy, ax, ay };
      }),
    );
    const replies = await Promise.all(
      pairs.flatMap((p) => [
        api('POST', '/vote/down', p.x, { object_id: p.ay }),
        api('POST', '/vote/down', p.y, { object_id: p.ax }),
        api('POST', '/answer/acceptance', p.x, { question_id: p.qx, answer_id: p.ay }),
        api('POST', '/answer/acceptance', p.y, { question_id: p.qy, answer_id: p.ax }),
      ]),
    );
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    for (const p of pairs) {
      // Each: -1 for downvoting, -2 for being downvoted, +15 accepted, +2 for accepting.
      expect([await rank(p.x), await rank(p.y)]).toEqual([314, 314]);
      await consistent(p.x);
      await consistent(p.y);
    }
    await expectCountersExact(site);
  });
});
