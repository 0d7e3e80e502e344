import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '../src/features/counters/check.js';
import { seedDemo } from '../src/features/seed/demo.js';
import { body, type TestSite } from './support/app.js';
import { dialectTargets, siteOn } from './support/dialect-sites.js';

/** The demo data a site owner browses after `answer seed`: searchable, ranked, with a real ledger. */
describe.each(dialectTargets())('demo data on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  const get = async (url: string) => body(await site.app.inject({ url: `/answer/api/v1${url}` })).data;

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    const totals = await seedDemo(site.runtime.database, { questions: 120, users: 12 });
    expect(totals).toMatchObject({ questions: 120, users: 12 });
    // Upvote times are random between the answer and now: make sure one falls in the ranking's
    // last 7 days, so a small demo never leaves the ranking empty by chance.
    const db = site.runtime.database;
    const latest = await db.selectFrom('activity').select((eb) => eb.fn.max('id').as('id')).where('rank', '>', 0).executeTakeFirstOrThrow();
    await db.updateTable('activity').set({ created_at: Math.floor(Date.now() / 1000) - 60 }).where('id', '=', String(latest.id)).execute();
  });
  afterAll(async () => stop());

  it('writes counters, scores and reputation that agree with their rows', async () => {
    const drift = await checkCounters(site.runtime.database);
    expect(drift).toEqual([]);
  });

  it('dates nothing in the future and nothing before its author joined', async () => {
    const db = site.runtime.database;
    const now = Math.floor(Date.now() / 1000);
    const joined = new Map((await db.selectFrom('user').select(['id', 'created_at']).execute()).map((u) => [String(u.id), Number(u.created_at)]));
    const questions = await db.selectFrom('question').select(['id', 'created_at']).execute();
    const askedAt = new Map(questions.map((q) => [String(q.id), Number(q.created_at)]));
    for (const table of ['question', 'answer', 'comment'] as const) {
      for (const row of await db.selectFrom(table).select(['user_id', 'created_at']).execute()) {
        expect(Number(row.created_at)).toBeLessThanOrEqual(now);
        expect(Number(row.created_at)).toBeGreaterThanOrEqual(joined.get(String(row.user_id))!);
      }
    }
    for (const answer of await db.selectFrom('answer').select(['question_id', 'created_at']).execute()) {
      expect(Number(answer.created_at)).toBeGreaterThanOrEqual(askedAt.get(String(answer.question_id))!);
    }
    const votes = await db.selectFrom('vote').select(['created_at']).execute();
    expect(votes.length).toBeGreaterThan(0);
    for (const vote of votes) expect(Number(vote.created_at)).toBeLessThanOrEqual(now);
  });

  it('accepts an answer on some questions, as the accepted-answer marks show', async () => {
    const db = site.runtime.database;
    const accepted = await db.selectFrom('question').select(['id', 'accepted_answer_id']).where('accepted_answer_id', '!=', '0').execute();
    expect(accepted.length).toBeGreaterThan(0);
    for (const q of accepted) {
      const answer = await db.selectFrom('answer').select(['question_id', 'adopted']).where('id', '=', String(q.accepted_answer_id)).executeTakeFirstOrThrow();
      expect([String(answer.question_id), Number(answer.adopted)]).toEqual([String(q.id), 2]);
    }
  });

  it('finds seeded questions by a word of their title', async () => {
    const [first] = (await get('/question/page?order=newest&page=1&page_size=1')).list;
    const word = (first.title as string).split(' ').find((w) => /^[a-z]{4,}$/.test(w))!;
    const found = await get(`/search?q=${word}&size=50`);
    expect(found.count).toBeGreaterThan(0);
    expect(found.list.some((r: { object: { title: string } }) => r.object.title === first.title)).toBe(true);
  });

  it('gives the users directory a reputation ranking and the profiles a reputation history', async () => {
    const ranking = await get('/user/ranking');
    expect(ranking.users_with_the_most_reputation.length).toBeGreaterThan(0);
    const top = ranking.users_with_the_most_reputation[0].username;
    const history = await get(`/personal/rank/page?username=${top}&page=1&page_size=5`);
    expect(history.count).toBeGreaterThan(0);
  });
});
