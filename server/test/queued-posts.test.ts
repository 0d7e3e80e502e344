import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const MODERATOR_ROLE = 3;
type Rules = { reputation_below: number; first_posts: number; review_words: string[]; delete_words: string[]; max_links: number | null };
const OFF: Rules = { reputation_below: 0, first_posts: 0, review_words: [], delete_words: [], max_links: null };

/** Post moderation before publication (domain.md 5.11): the review rules, the queue, approve and reject. */
describe.each(targets)('queued posts on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let asker: User;
  let newbie: User;
  let tagSlug: string;
  let seq = 0;

  const db = () => site.runtime.database;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: path.startsWith('/answer/admin') ? path : `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const rules = async (settings: Partial<Rules>) => {
    const res = await api('PUT', '/answer/admin/api/siteinfo/review', admin, { ...OFF, ...settings });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ask = async (user: User, extra: { title?: string; content?: string } = {}) => {
    seq += 1;
    const res = await api('POST', '/question', user, {
      title: extra.title ?? `Queued question number ${seq}`,
      content: extra.content ?? `A body for question ${seq}, long enough.`,
      tags: [{ slug_name: tagSlug }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as { id: string; status: number };
  };
  const answer = async (user: User, questionId: string, content = `An answer body ${++seq} long enough.`) => {
    const res = await api('POST', '/answer', user, { question_id: questionId, content });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.info as { id: string; status: number };
  };
  const statusOf = async (table: 'question' | 'answer', id: string) =>
    Number((await db().selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
  const reviewOf = (objectId: string) => db().selectFrom('review').selectAll().where('object_id', '=', objectId).executeTakeFirst();
  const queue = async (user: User = moderator, query = '') => {
    const res = await api('GET', `/review/pending/post/page?page=1${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as { count: number; list: any[] };
  };
  const decide = (reviewId: number | string, status: 'approve' | 'reject', user: User = moderator) => api('PUT', '/review/pending/post', user, { review_id: reviewId, status });
  const userCounts = async (id: string) => {
    const row = await db().selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', id).executeTakeFirstOrThrow();
    return { questions: Number(row.question_count), answers: Number(row.answer_count) };
  };
  const tagCount = async () => Number((await db().selectFrom('tag').select('question_count').where('slug_name', '=', tagSlug).executeTakeFirstOrThrow()).question_count);
  const inbox = async (user: User) => {
    await site.runtime.outbox.idle();
    const res = await api('GET', '/notification/page?type=inbox&inbox_type=all&page=1&page_size=50', user);
    return (body(res).data.list as { notification_action: string; object_info: { object_id: string } }[]).map((n) => n.notification_action);
  };
  /** Counters recounted once the outbox is idle (badge awards run there). */
  const countersExact = async () => {
    await site.runtime.outbox.idle();
    await expectCountersExact(site);
  };
  const createEvents = async (id: string) =>
    (await db().selectFrom('outbox').select('payload').where('topic', '=', 'event.mail').execute()).filter((r) => {
      const p = JSON.parse(r.payload) as { kind: string; questionId?: string; answerId?: string };
      return (p.kind === 'question.create' && p.questionId === id) || (p.kind === 'answer.create' && p.answerId === id);
    }).length;

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'queuemod', 1);
    await db().insertInto('user_role_rel').values({ user_id: moderator.id, role_id: MODERATOR_ROLE, created_at: Math.floor(Date.now() / 1000) }).execute();
    asker = await member(site, 'queueasker', 500);
    newbie = await member(site, 'queuenewbie', 1);
    tagSlug = `queued-${name}`;
    expect((await api('POST', '/question', admin, { title: 'The question that creates the tag', content: 'Creating the tag here', tags: [{ slug_name: tagSlug }] })).statusCode).toBe(200);
  });
  afterAll(async () => stop?.());

  it('keeps the rules off by default and lets only admins read and change them, validated', async () => {
    const got = await api('GET', '/answer/admin/api/siteinfo/review', admin);
    expect(got.statusCode).toBe(200);
    expect(body(got).data).toEqual(OFF);
    expect((await api('GET', '/answer/admin/api/siteinfo/review', moderator)).statusCode).toBe(403);
    expect((await api('PUT', '/answer/admin/api/siteinfo/review', moderator, OFF)).statusCode).toBe(403);
    expect((await api('GET', '/answer/admin/api/siteinfo/review')).statusCode).toBe(401);
    const bad = await api('PUT', '/answer/admin/api/siteinfo/review', admin, { ...OFF, reputation_below: -1, max_links: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['max_links', 'reputation_below']);
    // Words are trimmed, lower-cased and deduplicated.
    await rules({ review_words: [' Casino ', 'casino', ''] });
    expect(body(await api('GET', '/answer/admin/api/siteinfo/review', admin)).data.review_words).toEqual(['casino']);
    // Off by default: a new user's post goes out at once.
    await rules({});
    const q = await ask(newbie);
    expect(await statusOf('question', q.id)).toBe(1);
  });

  it('queues posts of users below the reputation threshold, not at it, and never staff posts', async () => {
    await rules({ reputation_below: 500 });
    const low = await member(site, 'queuelow', 499);
    expect(await statusOf('question', (await ask(low)).id)).toBe(11);
    expect(await statusOf('question', (await ask(asker)).id)).toBe(1);
    // Staff are never queued, whatever their reputation (both have 1).
    expect(await statusOf('question', (await ask(moderator)).id)).toBe(1);
    expect(await statusOf('question', (await ask(admin)).id)).toBe(1);
    const held = await ask(low);
    const review = await reviewOf(held.id);
    expect(review).toMatchObject({ submitter: 'review_rules.reputation' });
    expect(Number(review!.status)).toBe(1);
    // Answers go through the same rules; edits and comments never do.
    const open = await ask(asker);
    const a = await answer(low, open.id);
    expect(await statusOf('answer', a.id)).toBe(11);
    expect((await api('POST', '/comment', low, { object_id: open.id, original_text: 'A comment is never queued' })).statusCode).toBe(200);
    expect((await api('PUT', '/question', low, { id: held.id, title: 'An edited queued question', content: 'Edited body, long enough', tags: [{ slug_name: tagSlug }] })).statusCode).toBe(200);
    expect(await statusOf('question', held.id)).toBe(11);
    await rules({});
    await countersExact();
  });

  it('queues posts with more links than the limit, not at the limit', async () => {
    await rules({ max_links: 2 });
    const two = 'See https://one.example.com and https://two.example.com please.';
    const three = `${two} And https://three.example.com too.`;
    expect(await statusOf('question', (await ask(asker, { content: two })).id)).toBe(1);
    const held = await ask(asker, { content: three });
    expect(await statusOf('question', held.id)).toBe(11);
    expect((await reviewOf(held.id))!.submitter).toBe('review_rules.links');
    await rules({ max_links: 0 });
    expect(await statusOf('question', (await ask(asker, { content: 'No links in this one at all.' })).id)).toBe(1);
    expect(await statusOf('question', (await ask(asker, { content: 'One link https://x.example.com here.' })).id)).toBe(11);
    await rules({});
  });

  it('queues posts with a watched word and deletes posts with a blocked word, whole words only', async () => {
    await rules({ review_words: ['casino'], delete_words: ['pills4u'] });
    const held = await ask(asker, { title: 'Best CASINO bonus for everyone' });
    expect(await statusOf('question', held.id)).toBe(11);
    expect((await reviewOf(held.id))!.submitter).toBe('review_rules.review_words');
    expect(await statusOf('question', (await ask(asker, { title: 'Casinos and their history' })).id)).toBe(1);
    const before = await userCounts(asker.id);
    const tags = await tagCount();
    const gone = await ask(asker, { content: 'Buy now at pills4u dot com, cheap.' });
    expect(await statusOf('question', gone.id)).toBe(10);
    expect(await reviewOf(gone.id)).toBeUndefined();
    expect(await createEvents(gone.id)).toBe(0);
    expect(await userCounts(asker.id)).toEqual(before);
    expect(await tagCount()).toBe(tags);
    // Staff posts are never judged, not even by the blocked words.
    expect(await statusOf('question', (await ask(moderator, { content: 'Quoting pills4u in a warning post.' })).id)).toBe(1);
    await rules({});
    await countersExact();
  });

  it('queues the first posts of new users; approving publishes with counts, tags and the create event; later posts go out', async () => {
    await rules({ first_posts: 1 });
    const fresh = await member(site, 'queuefresh', 1);
    const tags = await tagCount();
    const q = await ask(fresh, { title: 'My very first zebrafirst question' });
    expect(await statusOf('question', q.id)).toBe(11);
    expect(await userCounts(fresh.id)).toEqual({ questions: 0, answers: 0 });
    expect(await tagCount()).toBe(tags);
    expect(await createEvents(q.id)).toBe(0);
    // Visible to its author (marked as pending) and staff, not to visitors, other members, lists or search.
    const own = await api('GET', `/question/info?id=${q.id}`, fresh);
    expect(own.statusCode).toBe(200);
    expect(body(own).data.operation).toMatchObject({ type: 'pending' });
    expect((await api('GET', `/question/info?id=${q.id}`, moderator)).statusCode).toBe(200);
    expect((await api('GET', `/question/info?id=${q.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/question/info?id=${q.id}`, asker)).statusCode).toBe(404);
    const listed = async (user?: User) =>
      (body(await api('GET', `/question/page?page=1&page_size=50&order=newest&tag=${tagSlug}`, user)).data.list as { id: string }[]).some((x) => x.id === q.id);
    expect(await listed()).toBe(false);
    const personal = async (user?: User) =>
      (body(await api('GET', `/personal/question/page?username=queuefresh&order=newest&page=1&page_size=20`, user)).data.list as { question_id?: string; id?: string }[]).length;
    expect(await personal()).toBe(0);
    expect(await personal(fresh)).toBe(1);
    expect(body(await api('GET', '/search?q=zebrafirst')).data.count).toBe(0);

    const item = (await queue(moderator, `&object_id=${q.id}`)).list[0];
    expect(item).toMatchObject({
      object_type: 'question',
      object_id: q.id,
      question_id: q.id,
      title: 'My very first zebrafirst question',
      object_status: 11,
      submitter_display_name: "New user's first posts",
      author_user_info: { username: 'queuefresh' },
    });
    expect(item.reason).toContain('1');
    expect(item.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual([tagSlug]);
    const approved = await decide(item.review_id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf('question', q.id)).toBe(1);
    expect(await userCounts(fresh.id)).toEqual({ questions: 1, answers: 0 });
    expect(await tagCount()).toBe(tags + 1);
    expect(await createEvents(q.id)).toBe(1);
    expect((await api('GET', `/question/info?id=${q.id}`)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect(await personal()).toBe(1);
    expect(body(await api('GET', '/search?q=zebrafirst')).data.count).toBe(1);
    const review = (await reviewOf(q.id))!;
    expect([Number(review.status), String(review.reviewer_user_id)]).toEqual([2, moderator.id]);
    const log = await db().selectFrom('moderation_log').selectAll().where('object_id', '=', q.id).execute();
    expect(log.map((r) => [r.action, String(r.staff_user_id), String(r.target_user_id)])).toEqual([['review.approve', moderator.id, fresh.id]]);
    // One approved post: the rule lets the next one through.
    expect(await statusOf('question', (await ask(fresh)).id)).toBe(1);
    await rules({});
    await countersExact();
  });

  it('approving an answer counts it and notifies the asker; rejecting deletes without counting', async () => {
    const q = await ask(asker);
    await rules({ reputation_below: 100 });
    const pending = await answer(newbie, q.id);
    const rejected = await answer(await member(site, 'queuereject', 1), q.id);
    expect(await statusOf('answer', pending.id)).toBe(11);
    const question = async () => db().selectFrom('question').select(['answer_count', 'last_answer_id']).where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(Number((await question()).answer_count)).toBe(0);
    expect(await inbox(asker)).not.toContain('answered your question');
    const newbieBefore = await userCounts(newbie.id);

    const items = (await queue(moderator, `&object_id=${pending.id}`)).list;
    expect(items[0]).toMatchObject({ object_type: 'answer', answer_id: pending.id, question_id: q.id, object_status: 11 });
    expect((await decide(items[0].review_id, 'approve')).statusCode).toBe(200);
    expect(await statusOf('answer', pending.id)).toBe(1);
    expect(Number((await question()).answer_count)).toBe(1);
    expect(String((await question()).last_answer_id)).toBe(pending.id);
    expect(await userCounts(newbie.id)).toEqual({ ...newbieBefore, answers: newbieBefore.answers + 1 });
    expect(await inbox(asker)).toContain('answered your question');
    expect(await createEvents(pending.id)).toBe(1);

    const other = (await queue(moderator, `&object_id=${rejected.id}`)).list[0];
    expect((await decide(other.review_id, 'reject', admin)).statusCode).toBe(200);
    expect(await statusOf('answer', rejected.id)).toBe(10);
    expect(Number((await question()).answer_count)).toBe(1);
    expect(await createEvents(rejected.id)).toBe(0);
    expect(Number((await reviewOf(rejected.id))!.status)).toBe(3);
    // A decided review cannot be decided again.
    expect((await decide(other.review_id, 'approve')).statusCode).toBe(400);
    await rules({});
    await countersExact();
  });

  it('holds both parts of "ask and answer" from a new user; only the author may answer a pending question', async () => {
    await rules({ first_posts: 1 });
    const fresh = await member(site, 'queueboth', 1);
    const res = await api('POST', '/question/answer', fresh, {
      title: 'A question I answer myself at once',
      content: 'The question part, long enough.',
      answer_content: 'The answer part, long enough.',
      tags: [{ slug_name: tagSlug }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const questionId = body(res).data.id as string;
    const answerRow = await db().selectFrom('answer').select(['id', 'status']).where('question_id', '=', questionId).executeTakeFirstOrThrow();
    expect([await statusOf('question', questionId), Number(answerRow.status)]).toEqual([11, 11]);
    expect((await api('POST', '/answer', asker, { question_id: questionId, content: 'Someone else cannot answer it yet.' })).statusCode).toBe(404);
    for (const id of [questionId, String(answerRow.id)]) expect((await decide((await reviewOf(id))!.id, 'approve')).statusCode).toBe(200);
    expect(await statusOf('question', questionId)).toBe(1);
    expect(await statusOf('answer', String(answerRow.id))).toBe(1);
    expect(Number((await db().selectFrom('question').select('answer_count').where('id', '=', questionId).executeTakeFirstOrThrow()).answer_count)).toBe(1);
    expect(await userCounts(fresh.id)).toEqual({ questions: 1, answers: 1 });
    await rules({});
    await countersExact();
  });

  it('lets one of two simultaneous reviewers win; the other gets a 400', async () => {
    await rules({ reputation_below: 100 });
    const held = [await ask(newbie), await ask(newbie)];
    await rules({});
    const reviews = await Promise.all(held.map((q) => reviewOf(q.id)));
    const same = await Promise.all([decide(reviews[0]!.id, 'approve'), decide(reviews[0]!.id, 'approve', admin)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const mixed = await Promise.all([decide(reviews[1]!.id, 'approve'), decide(reviews[1]!.id, 'reject', admin)]);
    expect(mixed.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await createEvents(held[0]!.id)).toBe(1);
    expect((await db().selectFrom('moderation_log').select('id').where('object_id', 'in', held.map((q) => q.id)).execute()).length).toBe(2);
    await countersExact();
  });

  it('drops a post its author deleted from the queue and counts every queue in /reviewing/type', async () => {
    await rules({ reputation_below: 100 });
    const held = await ask(newbie);
    await rules({});
    const count = async () => (body(await api('GET', '/reviewing/type', moderator)).data as { name: string; todo_amount: number }[]).find((q) => q.name === 'queued_post')!.todo_amount;
    const before = await count();
    expect(before).toBe((await queue()).count);
    expect((await api('DELETE', '/question', newbie, { id: held.id })).statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
    const review = (await reviewOf(held.id))!;
    expect((await decide(review.id, 'approve')).statusCode).toBe(400);
    expect(await statusOf('question', held.id)).toBe(10);
    await countersExact();
  });

  it('keeps the queue to staff and refuses bad input', async () => {
    expect((await api('GET', '/review/pending/post/page?page=1')).statusCode).toBe(401);
    expect((await api('GET', '/review/pending/post/page?page=1', asker)).statusCode).toBe(403);
    expect((await api('PUT', '/review/pending/post', asker, { review_id: 1, status: 'approve' })).statusCode).toBe(403);
    expect((await api('GET', '/review/pending/post/page?page=1', admin)).statusCode).toBe(200);
    const bad = await decide('abc', 'approve');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('review_id');
    expect((await api('PUT', '/review/pending/post', moderator, { review_id: 1, status: 'maybe' })).statusCode).toBe(400);
    expect((await decide(999999999, 'approve')).statusCode).toBe(404);
    expect((await queue(moderator, '&object_id=nonsense')).count).toBe(0);
    expect((body(await api('GET', '/reviewing/type', asker)).data as { name: string }[]).map((q) => q.name)).not.toContain('queued_post');
  });
});
