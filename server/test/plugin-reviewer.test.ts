import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { addHookFixtures, hookFixtures, resetHookFixtures } from './support/hook-fixtures.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
type Rules = { reputation_below: number; first_posts: number; review_words: string[]; delete_words: string[]; max_links: number | null };
const RULES_OFF: Rules = { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null };
const BROWSER = 'Mozilla/5.0 (reviewer test)';

/** Reviewer plugins (domain.md 5.11, 15.1): asked about new posts after the site's own rules; the first rejection wins. */
describe.each(dialectTargets())('reviewer plugins on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let fixturesDir: string;
  let admin: User;
  let writer: User;
  let tagSlug: string;
  let questionId: string;
  let seq = 0;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: User, payload?: unknown) =>
    site.app.inject({
      method,
      url: url.startsWith(ADMIN_API) ? url : `${API}${url}`,
      headers: { ...(user ? { authorization: user.token } : {}), 'user-agent': BROWSER },
      payload: payload as object,
      remoteAddress: '203.0.113.7',
    });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  const ask = async (user: User, content = `A question body number ${++seq}, long enough.`) =>
    (await ok(api('POST', '/question', user, { title: `Reviewed question number ${++seq}`, content, tags: [{ slug_name: tagSlug }] }))).id as string;
  const answer = async (user: User) => (await ok(api('POST', '/answer', user, { question_id: questionId, content: `A reviewed answer number ${++seq}, long enough.` }))).info.id as string;
  const comment = async (user: User) => (await ok(api('POST', '/comment', user, { object_id: questionId, original_text: `A reviewed comment number ${++seq}` }))).comment_id as string;
  const statusOf = async (table: 'question' | 'answer' | 'comment', id: string) => Number((await site.runtime.database.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const reviewOf = (id: string) => site.runtime.database.selectFrom('review').selectAll().where('object_id', '=', id).executeTakeFirst();
  const setEnabled = (slug: string, enabled: boolean) => ok(api('PUT', `${ADMIN_API}/plugin/status`, admin, { plugin_slug_name: slug, enabled }));
  const rules = (settings: Partial<Rules>) => ok(api('PUT', `${ADMIN_API}/siteinfo/review`, admin, { ...RULES_OFF, ...settings }));
  const reviewers = () => hookFixtures().reviewers;
  const asked = () => hookFixtures().reviewed.map((r) => r.slug);
  const inboxOf = async (user: User) => {
    await site.runtime.outbox.idle();
    return (body(await api('GET', '/notification/page?type=inbox&inbox_type=all&page=1&page_size=50', user)).data.list as { notification_action: string }[]).map((n) => n.notification_action);
  };

  beforeAll(async () => {
    resetHookFixtures();
    ({ site, stop } = await siteOn(target));
    fixturesDir = await addHookFixtures(site);
    admin = await adminOf(site);
    writer = await member(site, `rvwriter${target.name.slice(0, 3)}`, 2000);
    tagSlug = `plugin-review-${target.name.slice(0, 3)}`;
    questionId = (await ok(api('POST', '/question', admin, { title: 'The question reviewed posts go under', content: 'Creating the tag for these tests.', tags: [{ slug_name: tagSlug }] }))).id;
  });
  beforeEach(() => {
    const state = hookFixtures();
    state.reviewed.length = 0;
    for (const r of Object.values(state.reviewers)) Object.assign(r, { mode: 'ok', result: 'approved', reason: '', rule: '' });
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('asks no reviewer while none is enabled', async () => {
    reviewers().reviewer_one.result = 'delete_directly';
    expect(await statusOf('question', await ask(writer))).toBe(1);
    expect(asked()).toEqual([]);
  });

  it('queues a post a reviewer wants reviewed, with the reviewer and its reason, and gives it the post as upstream does', async () => {
    await setEnabled('reviewer_one', true);
    await setEnabled('reviewer_two', true);
    reviewers().reviewer_two.result = 'need_review';
    reviewers().reviewer_two.reason = 'Looks like an advert.';
    const q = await ask(writer, 'Buy **cheap** things, a body long enough.');
    expect(await statusOf('question', q)).toBe(11);
    expect(await reviewOf(q)).toMatchObject({ submitter: 'reviewer_two', reason: 'Looks like an advert.' });
    expect(asked()).toEqual(['reviewer_one', 'reviewer_two']);
    const given = hookFixtures().reviewed[0]!.content;
    expect(given).toMatchObject({
      objectType: 'question',
      title: `Reviewed question number ${seq}`,
      tags: [tagSlug],
      markdown: 'Buy **cheap** things, a body long enough.',
      author: { id: writer.id, rank: 2000, role: 'user', approvedQuestions: expect.any(Number), approvedAnswers: expect.any(Number) },
      ip: '203.0.113.7',
      userAgent: BROWSER,
    });
    expect(given.content).toContain('<strong>cheap</strong>');
    // The queue shows it with the plugin as submitter, its reason as written.
    const queued = body(await api('GET', `/review/pending/post/page?page=1&object_id=${q}`, admin)).data.list[0];
    expect(queued).toMatchObject({ object_id: q, submitter_display_name: 'reviewer_two', reason: 'Looks like an advert.' });
    // Answers too, without title or tags.
    const a = await answer(writer);
    expect(await statusOf('answer', a)).toBe(11);
    expect(hookFixtures().reviewed.at(-1)!.content).toMatchObject({ objectType: 'answer', author: { id: writer.id } });
    expect(hookFixtures().reviewed.at(-1)!.content.title).toBeUndefined();
    // Approving publishes it as for the site's own rules.
    await ok(api('PUT', '/review/pending/post', admin, { review_id: Number((await reviewOf(q))!.id), status: 'approve' }));
    expect(await statusOf('question', q)).toBe(1);
  });

  it('names the rule a reviewer says decided, after its slug; a rule name that is not a plain word is dropped', async () => {
    reviewers().reviewer_one.result = 'need_review';
    reviewers().reviewer_one.rule = 'adverts';
    expect((await reviewOf(await ask(writer)))!.submitter).toBe('reviewer_one.adverts');
    reviewers().reviewer_one.rule = 'Not A Rule!';
    expect((await reviewOf(await ask(writer)))!.submitter).toBe('reviewer_one');
  });

  it('lets the first rejection win: later reviewers are not asked', async () => {
    reviewers().reviewer_one.result = 'need_review';
    reviewers().reviewer_one.reason = 'First says so.';
    reviewers().reviewer_two.result = 'delete_directly';
    const q = await ask(writer);
    expect(await statusOf('question', q)).toBe(11);
    expect((await reviewOf(q))!.submitter).toBe('reviewer_one');
    expect(asked()).toEqual(['reviewer_one']);
  });

  it('creates a post deleted at once when a reviewer says so, as upstream: no queue, no counts, no notice', async () => {
    reviewers().reviewer_two.result = 'delete_directly';
    const counts = async () => site.runtime.database.selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', writer.id).executeTakeFirstOrThrow();
    const before = await counts();
    const q = await ask(writer);
    expect(await statusOf('question', q)).toBe(10);
    expect(await reviewOf(q)).toBeUndefined();
    const a = await answer(writer);
    expect(await statusOf('answer', a)).toBe(10);
    expect(await counts()).toEqual(before);
    expect(await inboxOf(admin)).not.toContain('answered your question');
    // Nobody else sees them.
    expect((await api('GET', `/question/info?id=${q}`)).statusCode).toBe(404);
    await site.runtime.outbox.idle();
    await expectCountersExact(site);
  });

  it('asks about comments: one deleted at once notifies nobody; one held is published (the queue holds posts only)', async () => {
    reviewers().reviewer_one.result = 'delete_directly';
    const refused = await comment(writer);
    expect(await statusOf('comment', refused)).toBe(10);
    expect(hookFixtures().reviewed.at(-1)!.content).toMatchObject({ objectType: 'comment', author: { id: writer.id }, ip: '203.0.113.7' });
    expect(await inboxOf(admin)).not.toContain('commented on the question');
    const listed = body(await api('GET', `/comment/page?object_id=${questionId}&page=1`)).data.list as { comment_id: string }[];
    expect(listed.map((c) => c.comment_id)).not.toContain(refused);
    reviewers().reviewer_one.result = 'need_review';
    const held = await comment(writer);
    expect(await statusOf('comment', held)).toBe(1);
    expect(await inboxOf(admin)).toContain('commented on the question');
  });

  it("does not ask about staff posts, and lets the site's own rules decide first", async () => {
    reviewers().reviewer_one.result = 'delete_directly';
    expect(await statusOf('question', await ask(admin))).toBe(1);
    expect(asked()).toEqual([]);
    reviewers().reviewer_one.result = 'approved';
    await rules({ review_words: ['casino'] });
    const q = await ask(writer, 'The casino question body, long enough.');
    expect((await reviewOf(q))!.submitter).toBe('review_rules.review_words');
    expect(asked()).toEqual([]);
    await rules({});
  });

  it("skips a reviewer that throws or hangs: the others and the site's own rules decide", async () => {
    reviewers().reviewer_one.mode = 'throw';
    expect(await statusOf('question', await ask(writer))).toBe(1);
    const failed = async () => (body(await api('GET', `${ADMIN_API}/plugins`, admin)).data as { slug_name: string; status: string; error: string }[]).find((p) => p.slug_name === 'reviewer_one')!;
    expect(await failed()).toMatchObject({ status: 'failed', error: 'the fixture was told to fail' });
    reviewers().reviewer_two.result = 'need_review';
    const q = await ask(writer);
    expect((await reviewOf(q))!.submitter).toBe('reviewer_two');
    reviewers().reviewer_one.mode = 'hang';
    reviewers().reviewer_two.result = 'approved';
    expect(await statusOf('question', await ask(writer))).toBe(1);
    expect(await failed()).toMatchObject({ status: 'failed', error: 'no answer within 0.3 s' });
    await rules({ reputation_below: 5000 });
    const ruled = await ask(writer);
    expect((await reviewOf(ruled))!.submitter).toBe('review_rules.reputation');
    await rules({});
    await setEnabled('reviewer_one', false);
    await setEnabled('reviewer_two', false);
  });

  it("has the site's own rules as a built-in reviewer plugin, listed, on by default, and switchable", async () => {
    const listed = (body(await api('GET', `${ADMIN_API}/plugins`, admin)).data as { slug_name: string; enabled: boolean }[]).find((p) => p.slug_name === 'review_rules');
    expect(listed).toMatchObject({ enabled: true });
    await rules({ review_words: ['lottery'] });
    const held = await ask(writer, 'The lottery question body, long enough.');
    expect(await reviewOf(held)).toMatchObject({ submitter: 'review_rules.review_words' });
    const queued = body(await api('GET', `/review/pending/post/page?page=1&object_id=${held}`, admin)).data.list[0];
    expect(queued).toMatchObject({ submitter_display_name: 'Watched words' });
    expect(queued.reason).toContain('lottery');
    // Switched off, the rules hold nothing; back on, they do again.
    await setEnabled('review_rules', false);
    expect(await statusOf('question', await ask(writer, 'Another lottery question body, long enough.'))).toBe(1);
    await setEnabled('review_rules', true);
    expect(await statusOf('question', await ask(writer, 'A third lottery question body, long enough.'))).toBe(11);
    // Comments are not judged by the site's rules.
    const said = (await ok(api('POST', '/comment', writer, { object_id: questionId, original_text: 'A comment about the lottery' }))).comment_id as string;
    expect(await statusOf('comment', said)).toBe(1);
    await rules({});
  });
});
