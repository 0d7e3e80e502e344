import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { addHookFixtures, hookFixtures, resetHookFixtures } from './support/hook-fixtures.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

/** A search plugin (domain.md 10.5, 15.1): it answers searches, the site keeps it in sync, and falls back to its own search when it fails. */
describe.each(dialectTargets())('search plugin on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let fixturesDir: string;
  let admin: User;
  let asker: User;
  let answerer: User;
  let askerName: string;
  let tagSlug: string;
  const posts = {} as Record<'alpha' | 'beta' | 'answer' | 'gone' | 'goneAnswer' | 'hidden' | 'pending', string>;
  let coreAlpha: unknown[];

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: url.startsWith(ADMIN_API) ? url : `${API}${url}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  const ask = async (user: User, title: string, content = `${title}, with a body long enough.`) =>
    (await ok(api('POST', '/question', user, { title, content, tags: [{ slug_name: tagSlug }] }))).id as string;
  const answer = async (user: User, questionId: string, content: string) => (await ok(api('POST', '/answer', user, { question_id: questionId, content }))).info.id as string;
  const searched = async (q: string, user?: User, extra = '') => {
    const res = await api('GET', `/search?q=${encodeURIComponent(q)}${extra}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as { count: number; list: { object_type: string; object: { id: string } }[] };
  };
  const ids = (page: { list: { object: { id: string } }[] }) => page.list.map((r) => r.object.id);
  const setEnabled = (enabled: boolean) => ok(api('PUT', `${ADMIN_API}/plugin/status`, admin, { plugin_slug_name: 'search_fixture', enabled }));
  const pluginStatus = async () => (body(await api('GET', `${ADMIN_API}/plugins`, admin)).data as { slug_name: string; status: string; error: string }[]).find((p) => p.slug_name === 'search_fixture')!;
  const drained = async () => {
    await site.runtime.outbox.idle();
    return hookFixtures().search;
  };

  beforeAll(async () => {
    resetHookFixtures();
    ({ site, stop } = await siteOn(target));
    fixturesDir = await addHookFixtures(site);
    admin = await adminOf(site);
    const short = target.name.slice(0, 3);
    asker = await member(site, `psasker${short}`, 2000);
    askerName = (await site.runtime.database.selectFrom('user').select('username').where('id', '=', asker.id).executeTakeFirstOrThrow()).username;
    answerer = await member(site, `psanswerer${short}`, 2000);
    tagSlug = `plugin-search-${short}`;
    await ok(api('POST', '/question', admin, { title: 'The question that creates the tag', content: 'Creating the tag for these tests.', tags: [{ slug_name: tagSlug }] }));
    // What exists before the plugin is enabled: its sync has to find it.
    posts.alpha = await ask(asker, 'Plugin search alpha question');
    posts.beta = await ask(asker, 'Plugin search beta question');
    posts.answer = await answer(answerer, posts.alpha, 'An answer to the alpha question, long enough.');
    posts.gone = await ask(asker, 'Plugin search question deleted soon');
    await ok(api('DELETE', '/question', asker, { id: posts.gone }));
    posts.goneAnswer = await answer(answerer, posts.beta, 'An answer deleted by its author soon.');
    await ok(api('DELETE', '/answer', answerer, { id: posts.goneAnswer }));
    posts.hidden = await ask(asker, 'Plugin search unlisted question');
    await ok(api('PUT', '/question/operation', admin, { id: posts.hidden, operation: 'hide' }));
    await ok(api('PUT', `${ADMIN_API}/siteinfo/review`, admin, { reputation_below: 100, first_posts: 0, review_words: [], delete_words: [], max_links: null }));
    const newcomer = await member(site, `psnew${short}`, 1);
    posts.pending = await ask(newcomer, 'Plugin search question waiting for review');
    await ok(api('PUT', `${ADMIN_API}/siteinfo/review`, admin, { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null }));
    coreAlpha = (await searched('alpha')).list;
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('credits nobody while the built-in search answers', async () => {
    expect(body(await api('GET', '/search/desc')).data).toEqual({ name: '', icon: '', link: '' });
    expect(ids({ list: coreAlpha as { object: { id: string } }[] })).toContain(posts.alpha);
  });

  it('pages every available question and answer to the plugin once it is enabled', async () => {
    await setEnabled(true);
    await vi.waitFor(() => expect(hookFixtures().search.synced.done).toBe(true), { timeout: 10_000 });
    const synced = hookFixtures().search.synced;
    const db = site.runtime.database;
    const questions = await db.selectFrom('question').select('id').where('status', 'in', [1, 2]).execute();
    const answers = await db.selectFrom('answer').innerJoin('question', 'question.id', 'answer.question_id').select('answer.id').where('answer.status', '=', 1).where('question.status', 'in', [1, 2]).execute();
    expect(synced.questions.map((c) => c.objectId).sort()).toEqual(questions.map((q) => String(q.id)).sort());
    expect(synced.answers.map((c) => c.objectId).sort()).toEqual(answers.map((a) => String(a.id)).sort());
    // Deleted and pending posts are not given; the unlisted question is (the site filters it per reader).
    const given = [...synced.questions, ...synced.answers].map((c) => c.objectId);
    expect(given).not.toContain(posts.gone);
    expect(given).not.toContain(posts.pending);
    expect(given).not.toContain(posts.goneAnswer);
    expect(given).toContain(posts.hidden);
    // Pages of two, the last one short or empty.
    expect(synced.pages).toBe(Math.ceil(questions.length / 2) + Math.ceil(answers.length / 2));
    expect(synced.questions.find((c) => c.objectId === posts.alpha)).toMatchObject({
      type: 'question',
      title: 'Plugin search alpha question',
      content: 'Plugin search alpha question, with a body long enough.',
      questionId: posts.alpha,
      userId: asker.id,
      tags: [tagSlug],
      answers: 1,
      score: 0,
      accepted: false,
      status: 1,
    });
    expect(synced.answers.find((c) => c.objectId === posts.answer)).toMatchObject({
      type: 'answer',
      title: 'Plugin search alpha question',
      content: 'An answer to the alpha question, long enough.',
      questionId: posts.alpha,
      userId: answerer.id,
      tags: [tagSlug],
      status: 1,
    });
  });

  it("credits the plugin in the reader's language, with only web addresses", async () => {
    const desc = body(await api('GET', '/search/desc')).data;
    expect(desc).toMatchObject({ name: 'Fixture Search', link: 'https://search.example.com/about' });
    expect(desc.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    const zh = await site.app.inject({ method: 'GET', url: `${API}/search/desc`, headers: { 'accept-language': 'zh-CN' } });
    expect(body(zh).data.name).toBe('测试搜索');
  });

  it("shows the plugin's results in its order, as the built-in search shows posts, without what the reader may not see", async () => {
    const s = hookFixtures().search;
    s.mode = 'ok';
    s.results = [
      { objectId: posts.answer, type: 'answer' },
      { objectId: posts.beta, type: 'question' },
      { objectId: posts.gone, type: 'question' },
      { objectId: posts.pending, type: 'question' },
      { objectId: posts.hidden, type: 'question' },
      { objectId: posts.goneAnswer, type: 'answer' },
      { objectId: posts.alpha, type: 'question' },
      { objectId: posts.beta, type: 'question' },
      { objectId: 'not-an-id', type: 'question' },
    ];
    s.total = 2;
    const visitor = await searched('alpha');
    expect(ids(visitor)).toEqual([posts.answer, posts.beta, posts.alpha]);
    // The plugin's total, never below what is shown.
    expect(visitor.count).toBe(3);
    // Staff see the unlisted question; nobody sees deleted or pending posts in search.
    expect(ids(await searched('alpha', admin))).toEqual([posts.answer, posts.beta, posts.hidden, posts.alpha]);
    // The author of the unlisted question sees it too, as in the built-in search.
    expect(ids(await searched('alpha', asker))).toContain(posts.hidden);
    // Each post exactly as the built-in search presented it for the same words.
    const alpha = visitor.list.find((r) => r.object.id === posts.alpha);
    expect(alpha).toEqual((coreAlpha as { object: { id: string } }[]).find((r) => r.object.id === posts.alpha));
    s.total = 40;
    expect((await searched('alpha')).count).toBe(40);
    // No more than a page, whatever the plugin sends.
    expect((await searched('alpha', undefined, '&size=2')).list).toHaveLength(2);
  });

  it('hands the plugin the query the built-in search reads', async () => {
    const s = hookFixtures().search;
    s.results = [];
    s.queries.length = 0;
    await searched(`Alpha "beta Gamma" [${tagSlug}] user:${askerName}`, undefined, '&order=newest&page=2&size=5');
    expect(s.queries.at(-1)).toEqual({ words: ['beta gamma', 'alpha'], tags: [tagSlug], userId: asker.id, type: 'all', order: 'newest', page: 2, pageSize: 5 });
    await searched('hasaccepted:no answers:0 how');
    expect(s.queries.at(-1)).toMatchObject({ words: ['how'], type: 'question', notAccepted: true, minAnswers: 0, order: 'relevance', page: 1, pageSize: 30 });
    await searched('is:accepted score:3 user:me', answerer);
    expect(s.queries.at(-1)).toMatchObject({ type: 'answer', accepted: true, minScore: 3, userId: answerer.id });
    // A tag or user that does not exist matches nothing: the plugin is not asked.
    const asked = s.queries.length;
    expect(await searched('[no-such-tag-anywhere] alpha')).toEqual({ count: 0, list: [] });
    expect(await searched('user:nobody-by-this-name alpha')).toEqual({ count: 0, list: [] });
    // Operators the plugin's query cannot carry stay with the built-in search.
    expect(ids(await searched('views:0 alpha'))).toContain(posts.alpha);
    expect(ids(await searched(`inquestion:${posts.alpha} alpha`))).toEqual([posts.answer]);
    expect(s.queries.length).toBe(asked);
  });

  it('falls back to the built-in search when the plugin throws or hangs, and shows it failed', async () => {
    const s = hookFixtures().search;
    s.mode = 'throw';
    expect((await searched('alpha')).list).toEqual(coreAlpha);
    expect(await pluginStatus()).toMatchObject({ status: 'failed', error: 'the fixture was told to fail' });
    s.mode = 'hang';
    expect((await searched('alpha')).list).toEqual(coreAlpha);
    expect(await pluginStatus()).toMatchObject({ status: 'failed', error: 'no answer within 0.3 s' });
    s.mode = 'ok';
    s.results = [{ objectId: posts.beta, type: 'question' }];
    expect(ids(await searched('alpha'))).toEqual([posts.beta]);
    expect(await pluginStatus()).toMatchObject({ status: 'active' });
  });

  it('gives the plugin every created, edited and deleted post, and takes hidden ones away', async () => {
    const s = await drained();
    s.updates.length = 0;
    s.deletes.length = 0;
    const updated = (id: string) => s.updates.filter((c) => c.objectId === id).at(-1);

    const q = await ask(asker, 'A question asked with the plugin on');
    await drained();
    expect(updated(q)).toMatchObject({ type: 'question', title: 'A question asked with the plugin on', answers: 0, status: 1 });

    const a = await answer(answerer, q, 'An answer given with the plugin on, long enough.');
    await drained();
    expect(updated(a)).toMatchObject({ type: 'answer', questionId: q, content: 'An answer given with the plugin on, long enough.' });
    expect(updated(q)).toMatchObject({ answers: 1 });

    await ok(api('PUT', '/question', asker, { id: q, title: 'A question edited with the plugin on', content: 'An edited body, long enough for the rules.', tags: [{ slug_name: tagSlug }] }));
    await drained();
    expect(updated(q)).toMatchObject({ title: 'A question edited with the plugin on', content: 'An edited body, long enough for the rules.' });
    // Its answers carry its title.
    expect(updated(a)).toMatchObject({ title: 'A question edited with the plugin on' });

    await ok(api('PUT', '/answer', answerer, { id: a, question_id: q, content: 'An edited answer with the plugin on, long enough.' }));
    await drained();
    expect(updated(a)).toMatchObject({ content: 'An edited answer with the plugin on, long enough.' });

    await ok(api('PUT', `${ADMIN_API}/question/status`, admin, { question_id: q, status: 'closed' }));
    await drained();
    expect(updated(q)).toMatchObject({ status: 2 });
    await ok(api('PUT', `${ADMIN_API}/question/status`, admin, { question_id: q, status: 'available' }));
    await drained();
    expect(updated(q)).toMatchObject({ status: 1 });

    await ok(api('DELETE', '/answer', answerer, { id: a }));
    await drained();
    expect(s.deletes).toContain(a);
    expect(updated(q)).toMatchObject({ answers: 0 });
    await ok(api('PUT', `${ADMIN_API}/answer/status`, admin, { answer_id: a, status: 'available' }));
    await drained();
    expect(updated(a)).toMatchObject({ status: 1 });

    // A deleted question takes its answers with it, and brings them back when undeleted.
    s.updates.length = 0;
    s.deletes.length = 0;
    await ok(api('PUT', `${ADMIN_API}/question/status`, admin, { question_id: q, status: 'deleted' }));
    await drained();
    expect(s.deletes).toEqual([q, a]);
    expect(s.updates).toEqual([]);
    await ok(api('PUT', `${ADMIN_API}/question/status`, admin, { question_id: q, status: 'available' }));
    await drained();
    expect(s.updates.map((c) => c.objectId).sort()).toEqual([q, a].sort());

    // A post waiting for review is given once it is approved, not before.
    await ok(api('PUT', `${ADMIN_API}/siteinfo/review`, admin, { reputation_below: 100, first_posts: 0, review_words: [], delete_words: [], max_links: null }));
    const newcomer = await member(site, `psnew2${target.name.slice(0, 3)}`, 1);
    const held = await ask(newcomer, 'A held question with the plugin on');
    await ok(api('PUT', `${ADMIN_API}/siteinfo/review`, admin, { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null }));
    await drained();
    expect(updated(held)).toBeUndefined();
    const review = await site.runtime.database.selectFrom('review').select('id').where('object_id', '=', held).executeTakeFirstOrThrow();
    await ok(api('PUT', '/review/pending/post', admin, { review_id: Number(review.id), status: 'approve' }));
    await drained();
    expect(updated(held)).toMatchObject({ status: 1 });
  });

  it('retries an update the plugin failed, without holding up the writer', async () => {
    const s = await drained();
    s.failUpdates = 1;
    const q = await ask(asker, 'A question the busy index missed once');
    await drained();
    expect(s.updates.some((c) => c.objectId === q)).toBe(false);
    const db = site.runtime.database;
    const rows = await db.selectFrom('outbox').select(['id', 'attempts', 'done_at']).where('topic', '=', 'event.search').where('done_at', '=', 0).execute();
    expect(rows.map((r) => Number(r.attempts))).toEqual([1]);
    await db.updateTable('outbox').set({ available_at: 0 }).where('id', '=', rows[0]!.id).execute();
    await drained();
    expect(s.updates.filter((c) => c.objectId === q)).toHaveLength(1);
  });

  it('goes back to the built-in search and stops syncing once the plugin is disabled', async () => {
    await setEnabled(false);
    const s = hookFixtures().search;
    const asked = s.queries.length;
    expect(ids(await searched('alpha'))).toContain(posts.alpha);
    expect(s.queries.length).toBe(asked);
    expect(body(await api('GET', '/search/desc')).data).toEqual({ name: '', icon: '', link: '' });
    s.updates.length = 0;
    await ask(asker, 'A question asked with the plugin off');
    await drained();
    expect(s.updates).toEqual([]);
  });
});
