import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/core/guardian.js';
import { addAnswer } from '../src/features/answer/service.js';
import { addComment } from '../src/features/comment/service.js';
import { askQuestion } from '../src/features/question/service.js';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Table = 'question' | 'answer' | 'comment';
type Rules = { reputation_below: number; first_posts: number; review_words: string[]; delete_words: string[]; max_links: number | null };
const OFF: Rules = { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null };
/** When each round sends its 7 posts (post i after i * step ms) and the suspension (after lag ms). */
const ROUNDS = [
  ...[0, 1, 3, 6, 10, 20, 40].map((lag) => ({ step: 0, lag })),
  ...[0, 4, 8].map((lag) => ({ step: 2, lag })),
];
/**
 * "Suspend and remove all content" while the person is posting (issue 24, point 10): posts whose
 * request had already passed its access check when the suspension committed must not survive the
 * removal. Each post either went out and was removed, or was refused; none stays live.
 */
describe.each(dialectTargets())('suspension with removal racing new posts on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let bystander: User;
  let seq = 0;

  const db = () => site.runtime.database;
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, user: User, payload?: unknown) =>
    site.app.inject({ method, url: path.startsWith('/answer/admin') ? path : `/answer/api/v1${path}`, headers: { authorization: user.token }, payload: payload as object });
  const ok = async (promise: ReturnType<typeof api>) => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const ask = (user: User) => {
    seq += 1;
    return api('POST', '/question', user, { title: `A question asked in round ${seq}`, content: `The body of question ${seq}, long enough.`, tags: [{ slug_name: 'support' }] });
  };
  const liveRows = async (userId: string) => {
    const rows: { table: Table; id: string; status: number }[] = [];
    for (const table of ['question', 'answer', 'comment'] as const) {
      // Available, closed (questions) or waiting for review: anything that is or may become visible.
      const found = await db().selectFrom(table).select(['id', 'status']).where('user_id', '=', userId).where('status', '!=', 10).execute();
      rows.push(...found.map((r) => ({ table, id: String(r.id), status: Number(r.status) })));
    }
    return rows;
  };
  const statusOf = async (table: Table, id: string) => Number((await db().selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const rules = async (settings: Partial<Rules>) => {
    const res = await api('PUT', '/answer/admin/api/siteinfo/review', admin, { ...OFF, ...settings });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    bystander = await member(site, 'bystander', 2000);
  }, 120_000);
  afterAll(async () => stop?.());

  it('leaves nothing of a person suspended with removal while their posts arrive', async () => {
    for (let round = 0; round < ROUNDS.length; round++) {
      const person = await member(site, `racer${round}`, 2000);
      // Things to post on, by someone else, and one earlier post of the person's own.
      const questionId = String((await ok(ask(bystander))).id);
      const targets = [String((await ok(ask(bystander))).id), String((await ok(ask(bystander))).id)];
      const answerId = String((await ok(api('POST', '/answer', bystander, { question_id: questionId, content: `An answer to comment on, round ${round}.` }))).info.id);
      await ok(api('POST', '/comment', person, { object_id: questionId, original_text: `An earlier comment, round ${round}` }));

      const posts: { table: Table; send: () => ReturnType<typeof api> }[] = [
        ...Array.from({ length: 4 }, (_, i) => ({
          table: 'comment' as const,
          send: () => api('POST', '/comment', person, { object_id: i % 2 ? answerId : questionId, original_text: `Comment ${i} sent at the moment of the suspension, round ${round}` }),
        })),
        ...targets.map((target, i) => ({
          table: 'answer' as const,
          send: () => api('POST', '/answer', person, { question_id: target, content: `Answer ${i} sent at the moment of the suspension, round ${round}.` }),
        })),
        { table: 'question' as const, send: () => ask(person) },
      ];
      // Post i goes out i * step ms from now, the suspension lag ms from now: each round it meets the
      // posts at other stages (before their access check, between it and their write, during it, after).
      const { step, lag } = ROUNDS[round]!;
      const later = <T>(ms: number, work: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), ms));
      const suspension = later(lag, () => api('PUT', '/answer/admin/api/user/status', admin, { user_id: person.id, status: 'suspended', remove_all_content: true }));
      const [suspended, replies] = await Promise.all([suspension, Promise.all(posts.map((p, i) => later(i * step, p.send)))]);
      expect(suspended.statusCode, suspended.body).toBe(200);

      expect(Number((await db().selectFrom('user').select('status').where('id', '=', person.id).executeTakeFirstOrThrow()).status)).toBe(9);
      for (const [i, reply] of replies.entries()) {
        const post = posts[i]!;
        if (reply.statusCode === 200) {
          const data = body(reply).data;
          const id = String(post.table === 'answer' ? data.info.id : post.table === 'comment' ? data.comment_id : data.id);
          expect(await statusOf(post.table, id), `${post.table} ${id} posted in round ${round}`).toBe(10);
        } else {
          expect([reply.statusCode, body(reply).reason, body(reply).data], reply.body).toEqual([403, 'error.user.suspended', { type: 'suspended' }]);
        }
      }
      expect(await liveRows(person.id), `round ${round}`).toEqual([]);
    }
    await site.runtime.outbox.idle();
    await expectCountersExact(site);
  }, 180_000);

  it('refuses, inside the write, a post whose session still said the account was available', async () => {
    // The request passed its access check before the change committed: the service is called with
    // the session's stale view, and the post's own transaction must find the live status.
    const questionId = String((await ok(ask(bystander))).id);
    const cases = [
      { status: { status: 9, suspended_at: 1, suspended_until: 0 }, code: 403, reason: 'error.user.suspended', data: { type: 'suspended' } },
      { status: { mail_status: 2 }, code: 403, reason: 'error.email.need_to_be_verified', data: { type: 'inactive' } },
      { status: { status: 10 }, code: 401, reason: 'base.unauthorized_error', data: null },
    ];
    for (const [i, c] of cases.entries()) {
      const person = await member(site, `stale${i}`, 2000);
      const stale: SessionUser = { id: person.id, username: `stale${i}`, roleId: 1, mailStatus: 1, status: 1, rank: 2000 };
      await db().updateTable('user').set(c.status).where('id', '=', person.id).execute();
      const attempts = [
        addComment(site.runtime, stale, { object_id: questionId, original_text: `A stale comment ${i}`, mention_username_list: [] } as never),
        addAnswer(site.runtime, stale, { question_id: questionId, content: `A stale answer ${i}, long enough.` } as never),
        askQuestion(site.runtime, stale, { title: `A stale question ${i} here`, content: `A stale question body ${i}, long enough.`, tags: [{ slug_name: 'support' }] } as never),
      ];
      for (const attempt of await Promise.allSettled(attempts)) {
        expect(attempt.status).toBe('rejected');
        const err = (attempt as PromiseRejectedResult).reason as { status?: number; reason?: string; data?: unknown };
        expect([err.status, err.reason, err.data ?? null]).toEqual([c.code, c.reason, c.data]);
      }
      expect(await liveRows(person.id)).toEqual([]);
    }
    await expectCountersExact(site);
  });

  it('removes posts waiting for review too, so no later approval publishes them', async () => {
    const person = await member(site, 'queued', 2000);
    await rules({ reputation_below: 100000 });
    try {
      const q = body(await ask(person)).data as { id: string };
      const a = body(await api('POST', '/answer', person, { question_id: String((await ok(ask(admin))).id), content: 'A queued answer, long enough.' })).data.info as { id: string };
      expect([await statusOf('question', String(q.id)), await statusOf('answer', String(a.id))]).toEqual([11, 11]);
      await ok(api('PUT', '/answer/admin/api/user/status', admin, { user_id: person.id, status: 'suspended', remove_all_content: true }));
      expect(await liveRows(person.id)).toEqual([]);
      const reviews = await db().selectFrom('review').select(['id', 'status']).where('object_id', 'in', [String(q.id), String(a.id)]).execute();
      // Their reviews are closed as rejected: the queue no longer offers them, and approving fails.
      expect(reviews.map((r) => Number(r.status))).toEqual([3, 3]);
      for (const review of reviews) {
        const res = await api('PUT', '/review/pending/post', admin, { review_id: review.id, status: 'approve' });
        expect(res.statusCode, res.body).toBe(400);
      }
      expect(await liveRows(person.id)).toEqual([]);
    } finally {
      await rules({});
    }
    await expectCountersExact(site);
  });
});
