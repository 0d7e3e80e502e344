import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * A scripted community on a fresh install: people ask, answer, vote (some at the same moment,
 * some changing their mind), accept and re-accept, suggest edits that get approved, close, reopen
 * and delete. Afterwards every user's reputation is their starting value plus the sum of their
 * live ledger rows, and every post's score is the sum of its votes.
 */
describe.each(dialectTargets())('reputation never drifts from the ledger on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  const start = new Map<string, number>();
  let people: User[] = [];
  let admin: User;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: { authorization: user.token }, payload: payload as object });
  const ok = async (promise: ReturnType<typeof api>) => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    const ranks = [150, 150, 300, 1, 5000, 12];
    people = await Promise.all(ranks.map((r, i) => member(site, `ledger${i}${name.replace(/\W/g, '')}`, r)));
    people.forEach((p, i) => start.set(p.id, ranks[i]!));
  });
  afterAll(async () => stop?.());

  it('keeps every total equal to its ledger and every score equal to its votes', async () => {
    const [alice, bob, carol, dave, erin, frank] = people as [User, User, User, User, User, User];
    const q1 = (await ok(api('POST', '/question', alice, { title: 'How do ledgers stay exact?', content: 'Body one', tags: [{ slug_name: 'support' }] }))).id;
    const q2 = (await ok(api('POST', '/question', bob, { title: 'Another question for the script', content: 'Body two', tags: [{ slug_name: 'support' }] }))).id;
    const a1 = (await ok(api('POST', '/answer', bob, { question_id: q1, content: 'Answer by bob' }))).info.id;
    const a2 = (await ok(api('POST', '/answer', carol, { question_id: q1, content: 'Answer by carol' }))).info.id;
    const a3 = (await ok(api('POST', '/answer', dave, { question_id: q2, content: 'Answer by dave' }))).info.id;

    // Ten identical votes at once from each of three voters, on several posts.
    const burst = await Promise.all([
      ...[carol, erin, frank].flatMap((v) => Array.from({ length: 10 }, () => api('POST', '/vote/up', v, { object_id: q1 }))),
      ...[alice, erin].flatMap((v) => Array.from({ length: 10 }, () => api('POST', '/vote/up', v, { object_id: a1 }))),
    ]);
    expect(burst.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    await ok(api('POST', '/vote/down', erin, { object_id: a2 }));
    await ok(api('POST', '/vote/down', carol, { object_id: a3 }));
    // Changing one's mind: up, then down, then withdrawn.
    await ok(api('POST', '/vote/up', erin, { object_id: q2 }));
    await ok(api('POST', '/vote/down', erin, { object_id: q2 }));
    await ok(api('POST', '/vote/down', erin, { object_id: q2, is_cancel: true }));
    await ok(api('POST', '/vote/up', frank, { object_id: q2 }));

    // Accept, switch to another answer, accept concurrently, then un-accept on the other question.
    await ok(api('POST', '/answer/acceptance', alice, { question_id: q1, answer_id: a1 }));
    await ok(api('POST', '/answer/acceptance', alice, { question_id: q1, answer_id: a2 }));
    await Promise.all(Array.from({ length: 10 }, () => api('POST', '/answer/acceptance', alice, { question_id: q1, answer_id: a1 })));
    await ok(api('POST', '/answer/acceptance', bob, { question_id: q2, answer_id: a3 }));
    await ok(api('POST', '/answer/acceptance', bob, { question_id: q2, answer_id: '' }));

    // A suggested edit approved by two reviewers at once pays its +2 once.
    const suggestion = await ok(api('PUT', '/question', carol, { id: q2, title: 'Another question for the script, clarified', content: 'Body two, clearer', tags: [{ slug_name: 'support' }], edit_summary: 'clarity' }));
    expect(suggestion.wait_for_review).toBe(true);
    const revision = await site.runtime.database.selectFrom('revision').select('id').where('object_id', '=', q2).where('status', '=', 1).executeTakeFirstOrThrow();
    await Promise.all([admin, erin].map((r) => api('PUT', '/revisions/audit', r, { id: String(revision.id), operation: 'approve' })));

    // Moderation does not touch reputation: close, reopen, delete an answer that earned votes.
    await ok(api('PUT', '/question/status', admin, { id: q2, close_type: 64, close_msg: '' }));
    await ok(api('PUT', '/question/reopen', admin, { question_id: q2 }));
    await ok(api('DELETE', '/answer', admin, { id: a2 }));

    const db = site.runtime.database;
    for (const person of people) {
      const row = await db.selectFrom('user').select('rank').where('id', '=', person.id).executeTakeFirstOrThrow();
      const ledger = await db.selectFrom('activity').select((eb) => eb.fn.sum<number>('rank').as('sum')).where('user_id', '=', person.id).where('cancelled', '=', 0).executeTakeFirst();
      expect(Number(row.rank)).toBe(start.get(person.id)! + Number(ledger?.sum ?? 0));
    }
    // Spot checks of the figures themselves: alice has 3 upvotes on q1 (+30) and accepted a1 (+2).
    const rank = async (u: User) => Number((await db.selectFrom('user').select('rank').where('id', '=', u.id).executeTakeFirstOrThrow()).rank);
    expect(await rank(alice)).toBe(150 + 30 + 2);
    // bob: q2 has one upvote (+10), a1 two upvotes (+20) and the acceptance (+15); his un-accept of a3 paid nothing back.
    expect(await rank(bob)).toBe(150 + 10 + 20 + 15);
    // carol: downvoted an answer (-1), was downvoted (-2), her edit was approved once (+2).
    expect(await rank(carol)).toBe(300 - 1 - 2 + 2);

    for (const [table, id] of [['question', q1], ['question', q2], ['answer', a1], ['answer', a2], ['answer', a3]] as const) {
      const votes = await db.selectFrom('vote').select('direction').where('object_id', '=', id).execute();
      const score = votes.reduce((s, v) => s + Number(v.direction), 0);
      const post = await db.selectFrom(table).select('vote_count').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(post.vote_count)).toBe(score);
    }
    expect(Number((await db.selectFrom('question').select('vote_count').where('id', '=', q1).executeTakeFirstOrThrow()).vote_count)).toBe(3);
    await expectCountersExact(site);
  });
});
