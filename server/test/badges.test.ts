import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { longToShort } from '../src/core/ids.js';
import { awardBadge, badgesByHandler } from '../src/features/badge/award.js';
import { checkBadges } from '../src/features/badge/check.js';
import { runBadgeCheck } from '../src/features/badge/command.js';
import { publish } from '../src/features/events/publish.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

/** The seeded badges by their i18n key part (badge.default_badges.<key>.name). */
const KEYS = [
  'autobiographer', 'editor', 'first_flag', 'first_upvote', 'first_reaction', 'first_share', 'scholar',
  'solved', 'nice_answer', 'good_answer', 'great_answer', 'nice_question', 'good_question', 'great_question',
] as const;
type Key = (typeof KEYS)[number];

describe.each(targets)('badges on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let asker: User;
  let answerer: User;
  const voters: User[] = [];
  let questionId: string;
  let answerId: string;
  const badgeIds = new Map<Key, string>();
  let fakeVoter = 900_000_000;

  const db = () => site.runtime.database;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User | null, payload?: unknown, headers: Record<string, string> = {}) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: { ...(user ? { authorization: user.token } : {}), ...headers }, payload: payload as object });
  const adminApi = (method: 'GET' | 'PUT', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    site.app.inject({ method, url: `/answer/admin/api${path}`, headers: { authorization: admin.token, ...headers }, payload: payload as object });
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
    return r.json().data;
  };

  /** Runs the outbox until no badge event is left (a pass takes 50 rows; other topics may fail on the side). */
  const drain = async () => {
    for (let i = 0; i < 60; i++) {
      await site.runtime.outbox.idle();
      const left = await db().selectFrom('outbox').select(['id', 'last_error']).where('topic', '=', 'event.badge').where('done_at', '=', 0).execute();
      if (!left.length) return;
      if (left.some((r) => r.last_error)) throw new Error(`badge event failed: ${left.find((r) => r.last_error)!.last_error}`);
    }
    throw new Error('badge events were not drained');
  };

  /** Award rows of a user, as badge keys (a multiple badge appears once per post). */
  const awardsOf = async (userId: string, includeHidden = false) => {
    let q = db().selectFrom('badge_award').innerJoin('badge', 'badge.id', 'badge_award.badge_id').select(['badge.name', 'badge_award.award_key']).where('badge_award.user_id', '=', userId);
    if (!includeHidden) q = q.where('badge_award.is_badge_deleted', '=', 0);
    const rows = await q.execute();
    return rows.map((r) => r.name.split('.')[2] as Key).sort();
  };
  const awardCount = async (key: Key) =>
    Number((await db().selectFrom('badge').select('award_count').where('id', '=', badgeIds.get(key)!).executeTakeFirstOrThrow()).award_count);

  /** Up-votes from users that exist only as vote rows: a fast way to reach a threshold, which one real vote then reports. */
  const directUpVotes = async (objectId: string, n: number) => {
    const rows = Array.from({ length: n }, () => ({ user_id: String(++fakeVoter), object_id: objectId, direction: 1, created_at: 1 }));
    for (let i = 0; i < rows.length; i += 50) await db().insertInto('vote').values(rows.slice(i, i + 50)).execute();
  };
  const upVote = async (user: User, objectId: string) => ok(api('POST', '/vote/up', user, { object_id: objectId }));

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    asker = await member(site, 'badgeasker', 5000);
    answerer = await member(site, 'badgeanswerer', 5000);
    for (let i = 0; i < 6; i++) voters.push(await member(site, `badgevoter${i}`, 5000));
    const rows = await db().selectFrom('badge').select(['id', 'name']).execute();
    for (const r of rows) badgeIds.set(r.name.split('.')[2] as Key, String(r.id));
    questionId = (await ok(api('POST', '/question', asker, { title: 'Which badges are there?', content: 'Tell me about badges please.', tags: [{ slug_name: 'support' }] }))).id;
    answerId = (await ok(api('POST', '/answer', answerer, { question_id: questionId, content: 'There are fourteen of them.' }))).info.id;
    await drain();
  });
  afterAll(async () => stop?.());

  it('seeds 14 badges and awards nothing for asking and answering', async () => {
    expect(badgeIds.size).toBe(14);
    expect(await awardsOf(asker.id)).toEqual([]);
    expect(await awardsOf(answerer.id)).toEqual([]);
  });

  it('Autobiographer: a profile save with a bio, not one without', async () => {
    await ok(api('PUT', '/user/info', asker, { display_name: 'Asker' }));
    await drain();
    expect(await awardsOf(asker.id)).not.toContain('autobiographer');
    await ok(api('PUT', '/user/info', asker, { bio: 'I ask about badges.' }));
    await drain();
    expect(await awardsOf(asker.id)).toContain('autobiographer');
  });

  it('Editor: an applied edit of a question or answer, for the editor', async () => {
    await ok(api('PUT', '/question', asker, { id: questionId, title: 'Which badges are there, and how?', content: 'Tell me about badges please, all of them.', tags: [{ slug_name: 'support' }], edit_summary: 'more' }));
    await drain();
    expect(await awardsOf(asker.id)).toContain('editor');
    expect(await awardsOf(answerer.id)).not.toContain('editor');
    await ok(api('PUT', '/answer', answerer, { id: answerId, question_id: questionId, content: 'There are fourteen of them, in three groups.', edit_summary: 'more' }));
    await drain();
    expect(await awardsOf(answerer.id)).toContain('editor');
  });

  it('First Upvote: any vote, a downvote included; not a withdrawn one', async () => {
    const [up, down] = [voters[4]!, voters[5]!];
    await ok(api('POST', '/vote/up', up, { object_id: questionId }));
    await ok(api('POST', '/vote/up', up, { object_id: questionId, is_cancel: true }));
    await ok(api('POST', '/vote/down', down, { object_id: answerId }));
    await drain();
    expect(await awardsOf(up.id)).toEqual(['first_upvote']);
    expect(await awardsOf(down.id)).toEqual(['first_upvote']);
    await ok(api('POST', '/vote/down', down, { object_id: answerId, is_cancel: true }));
    await drain();
    expect(await awardsOf(down.id)).toEqual(['first_upvote']); // never revoked
  });

  it('First Reaction: adding or taking back a reaction', async () => {
    const reactor = voters[3]!;
    await ok(api('PUT', '/meta/reaction', reactor, { object_id: answerId, emoji: 'heart', reaction: 'activate' }));
    await drain();
    expect(await awardsOf(reactor.id)).toEqual(['first_reaction']);
  });

  it('First Flag: a flag event (published in a transaction: the flag API does not publish yet)', async () => {
    const flagger = voters[2]!;
    expect(await awardsOf(flagger.id)).toEqual([]);
    await db().transaction().execute((trx) => publish(trx, { kind: 'flag', actorId: flagger.id, objectId: answerId }));
    await drain();
    expect(await awardsOf(flagger.id)).toEqual(['first_flag']);
  });

  it('Scholar and Solved: accepting an answer, not withdrawing an accept', async () => {
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerId }));
    await drain();
    expect(await awardsOf(asker.id)).toContain('scholar');
    expect(await awardsOf(answerer.id)).toContain('solved');
    const before = await awardCount('scholar');
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: '' }));
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerId }));
    await drain();
    expect(await awardCount('scholar')).toBe(before);
  });

  it('Nice, Good and Great Answer at 10, 25 and 50 up-votes, not one below', async () => {
    const count = async () => (await awardsOf(answerer.id)).filter((k) => k.endsWith('_answer'));
    await directUpVotes(answerId, 8);
    await upVote(voters[0]!, answerId); // 9
    await drain();
    expect(await count()).toEqual([]);
    await upVote(voters[1]!, answerId); // 10
    await drain();
    expect(await count()).toEqual(['nice_answer']);
    await directUpVotes(answerId, 13);
    await upVote(voters[2]!, answerId); // 24
    await drain();
    expect(await count()).toEqual(['nice_answer']);
    await upVote(voters[3]!, answerId); // 25
    await drain();
    expect((await count()).sort()).toEqual(['good_answer', 'nice_answer']);
    await directUpVotes(answerId, 23);
    await upVote(voters[4]!, answerId); // 49
    await drain();
    expect(await count()).toHaveLength(2);
    await upVote(voters[5]!, answerId); // 50
    await drain();
    expect((await count()).sort()).toEqual(['good_answer', 'great_answer', 'nice_answer']);
    const keys = await db().selectFrom('badge_award').select('award_key').where('user_id', '=', answerer.id).where('badge_id', '=', badgeIds.get('great_answer')!).execute();
    expect(keys.map((k) => String(k.award_key))).toEqual([answerId]);
  });

  it('Nice, Good and Great Question at 10, 25 and 50 up-votes, once per question', async () => {
    const count = async () => (await awardsOf(asker.id)).filter((k) => k.endsWith('_question'));
    await directUpVotes(questionId, 9);
    await upVote(voters[0]!, questionId); // 10
    await drain();
    expect(await count()).toEqual(['nice_question']);
    await directUpVotes(questionId, 14);
    await upVote(voters[1]!, questionId); // 25
    await drain();
    expect((await count()).sort()).toEqual(['good_question', 'nice_question']);
    await directUpVotes(questionId, 23);
    await upVote(voters[2]!, questionId); // 49
    await drain();
    expect(await count()).toHaveLength(2);
    await upVote(voters[3]!, questionId); // 50
    await ok(api('POST', '/vote/up', voters[3]!, { object_id: questionId, is_cancel: true })); // 49 again
    await upVote(voters[3]!, questionId); // 50 again
    await drain();
    expect((await count()).sort()).toEqual(['good_question', 'great_question', 'nice_question']);
  });

  it('First Share: a visit through the link by someone else, not by the sharer, signed in or not', async () => {
    const sharer = voters[1]!; // badgevoter1
    const signIn = async (email: string) =>
      (await ok(site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: email, pass: 'password-123' } }))) as { access_token: string; visit_token: string };
    const own = await signIn('badgevoter1@example.com');
    const page = (cookie?: string) =>
      site.app.inject({ method: 'GET', url: `/questions/${questionId}?share=badgevoter1`, headers: cookie ? { cookie: `visit=${cookie}` } : {} });
    expect((await page(own.visit_token)).statusCode).toBe(200);
    // The sharer, signed out (the cookie now names no session), and a visitor without a cookie.
    await ok(site.app.inject({ method: 'GET', url: '/answer/api/v1/user/logout', headers: { authorization: own.access_token } }));
    expect((await page(own.visit_token)).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    await drain();
    expect(await awardsOf(sharer.id)).not.toContain('first_share');
    const other = await signIn('badgevoter2@example.com');
    expect((await page(other.visit_token)).statusCode).toBe(200);
    await drain();
    expect(await awardsOf(sharer.id)).toContain('first_share');
    // Once held, visits write nothing at all.
    const outbox = async () => Number((await db().selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await outbox();
    await page(other.visit_token);
    expect(await outbox()).toBe(before);
    // Unknown sharers and other paths are ignored.
    expect((await site.app.inject({ method: 'GET', url: `/questions/${questionId}?share=nobody-here` })).statusCode).toBe(200);
    expect(await outbox()).toBe(before);
  });

  it('awards once under 50 concurrent triggering requests', async () => {
    const user = voters[0]!;
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => api('PUT', '/user/info', user, { bio: `Bio number ${i}` })));
    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    await drain();
    const before = await awardCount('autobiographer');
    expect((await awardsOf(user.id)).filter((k) => k === 'autobiographer')).toHaveLength(1);
    // And 50 racing award transactions straight at the database: one row, one count.
    const [badge] = await badgesByHandler(db(), 'FirstPostEdit');
    const target = voters[5]!;
    const results = await Promise.all(Array.from({ length: 50 }, () => db().transaction().execute((trx) => awardBadge(trx, badge!, target.id, questionId))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await awardsOf(target.id)).filter((k) => k === 'editor')).toHaveLength(1);
    expect(await awardCount('autobiographer')).toBe(before);
    const editors = await db().selectFrom('badge_award').select((eb) => eb.fn.countAll().as('n')).where('badge_id', '=', badge!.id).where('is_badge_deleted', '=', 0).executeTakeFirstOrThrow();
    expect(await awardCount('editor')).toBe(Number(editors.n));
  });

  it('GET /badges, /badge, user awards: shapes, translations and earned counts', async () => {
    const groups = body(await api('GET', '/badges', answerer)).data;
    expect(groups.map((g: any) => g.group_name)).toEqual(['Getting Started', 'Community', 'Posting']);
    expect(groups.flatMap((g: any) => g.badges)).toHaveLength(14);
    const nice = groups[2].badges.find((b: any) => b.name === 'Nice Answer');
    expect(nice).toEqual({ id: badgeIds.get('nice_answer'), name: 'Nice Answer', icon: 'chat-square-text-fill', award_count: 1, earned_count: 1, level: 1 });
    expect(body(await api('GET', '/badges')).data[2].badges.find((b: any) => b.name === 'Nice Answer').earned_count).toBe(0);
    const zh = body(await api('GET', '/badges', null, undefined, { 'accept-language': 'zh_CN' })).data;
    expect(zh[0].group_name).toBe('入门');

    const info = body(await api('GET', `/badge?id=${longToShort(badgeIds.get('autobiographer')!)}`, asker)).data;
    expect(info).toEqual({
      id: badgeIds.get('autobiographer'),
      name: 'Autobiographer',
      description: 'Filled out <a href="http://127.0.0.1:9080/users/settings/profile" target="_blank">profile</a> information.',
      icon: 'person-badge-fill',
      award_count: await awardCount('autobiographer'),
      earned_count: 1,
      is_single: true,
      level: 1,
    });
    expect(body(await api('GET', `/badge?id=${badgeIds.get('great_answer')}`)).data).toMatchObject({ is_single: false, level: 3, earned_count: 0 });
    const missing = await api('GET', '/badge?id=10090000000009999');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).reason).toBe('error.badge.object_not_found');
    expect((await api('GET', '/badge')).statusCode).toBe(400);

    const mine = body(await api('GET', '/badge/user/awards?username=badgeanswerer')).data;
    expect(mine.count).toBe(mine.list.length);
    expect(mine.list.map((b: any) => b.name)).toEqual(['Editor', 'Solved', 'Nice Answer', 'Good Answer', 'Great Answer']);
    expect(mine.list[0]).toEqual({ id: badgeIds.get('editor'), name: 'Editor', icon: 'pencil-fill', earned_count: 1, level: 1 });
    const recent = body(await api('GET', '/badge/user/awards/recent?username=badgeasker')).data;
    expect(recent.list.length).toBeLessThanOrEqual(10);
    expect(recent.list.map((b: any) => b.name)).toContain('Great Question');
    expect((await api('GET', '/badge/user/awards?username=nobody-at-all')).statusCode).toBe(400);
    expect((await api('GET', '/badge/user/awards')).statusCode).toBe(400);
  });

  it('GET /badge/awards/page names visible posts only', async () => {
    const page = body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_question')}&page=1&page_size=10`)).data;
    expect(page.count).toBe(1);
    expect(page.list[0]).toMatchObject({ object_id: questionId, question_id: questionId, answer_id: '', object_type: 'question', url_title: 'which-badges-are-there-and-how' });
    expect(page.list[0].author_user_info.username).toBe('badgeasker');
    const answers = body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_answer')}&username=badgeanswerer`)).data;
    expect(answers.list[0]).toMatchObject({ object_type: 'answer', answer_id: answerId, question_id: questionId });
    expect(body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_answer')}&username=badgeasker`)).data).toEqual({ count: 0, list: [] });

    await db().updateTable('question').set({ status: 10 }).where('id', '=', questionId).execute();
    try {
      const hidden = body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_question')}`, voters[0]!)).data;
      expect(hidden.count).toBe(1);
      expect(hidden.list[0]).toMatchObject({ object_id: '', question_id: '', object_type: '', url_title: '' });
      expect(JSON.stringify(hidden)).not.toContain('badges');
      const hiddenAnswer = body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_answer')}`)).data;
      expect(hiddenAnswer.list[0]).toMatchObject({ object_id: '', url_title: '' });
      const staff = body(await api('GET', `/badge/awards/page?badge_id=${badgeIds.get('nice_question')}`, admin)).data;
      expect(staff.list[0]).toMatchObject({ object_type: 'question', url_title: 'which-badges-are-there-and-how' });
    } finally {
      await db().updateTable('question').set({ status: 1 }).where('id', '=', questionId).execute();
    }
  });

  it('admin list: paging, status and q filters; admins only', async () => {
    const all = body(await adminApi('GET', '/badges?page=1&page_size=5')).data;
    expect(all.count).toBe(14);
    expect(all.list).toHaveLength(5);
    expect(all.list[0]).toEqual({
      id: badgeIds.get('autobiographer'),
      name: 'Autobiographer',
      description: expect.stringContaining('/users/settings/profile'),
      icon: 'person-badge-fill',
      award_count: await awardCount('autobiographer'),
      level: 1,
      group_name: 'Getting Started',
      status: 'active',
    });
    expect(body(await adminApi('GET', '/badges?page=3&page_size=5')).data.list).toHaveLength(4);
    expect(body(await adminApi('GET', '/badges?page_size=100000')).data.list).toHaveLength(14);
    const nice = body(await adminApi('GET', '/badges?q=NICE')).data;
    expect(nice.list.map((b: any) => b.name)).toEqual(['Nice Answer', 'Nice Question']);
    const byId = body(await adminApi('GET', `/badges?q=badge:${longToShort(badgeIds.get('solved')!)}`)).data;
    expect(byId.list.map((b: any) => b.name)).toEqual(['Solved']);
    expect(body(await adminApi('GET', '/badges?q=badge:nonsense')).data).toEqual({ count: 0, list: [] });
    expect(body(await adminApi('GET', '/badges?status=inactive')).data.count).toBe(0);
    expect((await adminApi('GET', '/badges?status=gone')).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'GET', url: '/answer/admin/api/badges', headers: { authorization: asker.token } })).statusCode).toBe(403);
    expect((await site.app.inject({ method: 'PUT', url: '/answer/admin/api/badge/status', headers: { authorization: asker.token }, payload: { id: badgeIds.get('editor'), status: 'inactive' } })).statusCode).toBe(403);
  });

  it('deactivating hides the awards and stops awarding; reactivating restores them and the count', async () => {
    const editor = badgeIds.get('editor')!;
    const holders = Number((await db().selectFrom('badge_award').select((eb) => eb.fn.countAll().as('n')).where('badge_id', '=', editor).executeTakeFirstOrThrow()).n);
    expect(holders).toBeGreaterThan(1);
    expect((await adminApi('PUT', '/badge/status', { id: longToShort(editor), status: 'inactive' })).statusCode).toBe(200);
    expect(await awardCount('editor')).toBe(0);
    expect((await api('GET', `/badge?id=${editor}`)).statusCode).toBe(400);
    expect(body(await api('GET', '/badges')).data[0].badges.map((b: any) => b.name)).not.toContain('Editor');
    expect(body(await api('GET', '/badge/user/awards?username=badgeasker')).data.list.map((b: any) => b.name)).not.toContain('Editor');
    expect(body(await adminApi('GET', '/badges?status=inactive')).data.list).toMatchObject([{ name: 'Editor', status: 'inactive', award_count: 0 }]);
    // An edit while it is off earns nothing.
    const editorless = voters[4]!;
    await ok(api('PUT', '/answer', answerer, { id: answerId, question_id: questionId, content: 'There are fourteen of them, in three groups, really.', edit_summary: 'x' }));
    await db().transaction().execute((trx) => publish(trx, { kind: 'answer.update', actorId: editorless.id, questionId, answerId }));
    await drain();
    expect(await awardsOf(editorless.id, true)).not.toContain('editor');
    // Idempotent.
    expect((await adminApi('PUT', '/badge/status', { id: editor, status: 'inactive' })).statusCode).toBe(200);

    expect((await adminApi('PUT', '/badge/status', { id: editor, status: 'active' })).statusCode).toBe(200);
    expect(await awardCount('editor')).toBe(holders);
    expect(body(await api('GET', '/badge/user/awards?username=badgeasker')).data.list.map((b: any) => b.name)).toContain('Editor');
    expect(body(await api('GET', `/badge?id=${editor}`)).data.award_count).toBe(holders);

    const bad = await adminApi('PUT', '/badge/status', { id: editor, status: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('status');
    expect((await adminApi('PUT', '/badge/status', { id: '10090000000009999', status: 'active' })).statusCode).toBe(400);
  });

  it('private mode: badge reads need a login', async () => {
    await db().updateTable('site_info').set({ content: JSON.stringify({ ...(await loginSettings()), login_required: true }) }).where('type', '=', 'login').execute();
    const { forgetSiteSettings } = await import('../src/features/siteinfo/service.js');
    await forgetSiteSettings(site.runtime);
    try {
      expect((await api('GET', '/badges')).statusCode).toBe(401);
      expect((await api('GET', '/badge/user/awards?username=badgeasker')).statusCode).toBe(401);
      expect((await api('GET', '/badges', asker)).statusCode).toBe(200);
    } finally {
      await db().updateTable('site_info').set({ content: JSON.stringify({ ...(await loginSettings()), login_required: false }) }).where('type', '=', 'login').execute();
      await forgetSiteSettings(site.runtime);
    }
  });
  const loginSettings = async () => {
    const row = await db().selectFrom('site_info').select('content').where('type', '=', 'login').executeTakeFirst();
    return row ? JSON.parse(row.content) : {};
  };

  it('check --badges awards what was missed, once', async () => {
    // A site older than badges: a bio, an edit, votes and an accepted answer without any award.
    const old = await member(site, 'oldtimer', 5000);
    const oldQuestion = (await ok(api('POST', '/question', old, { title: 'An old question from before', content: 'Asked before badges existed.', tags: [{ slug_name: 'support' }] }))).id;
    const oldAnswer = (await ok(api('POST', '/answer', asker, { question_id: oldQuestion, content: 'An old answer from before.' }))).info.id;
    await drain();
    await db().updateTable('user').set({ bio: 'Here since the start.' }).where('id', '=', old.id).execute();
    await directUpVotes(oldAnswer, 25);
    await directUpVotes(oldQuestion, 10);
    await db().updateTable('answer').set({ adopted: 2 }).where('id', '=', oldAnswer).execute();
    await db().updateTable('question').set({ accepted_answer_id: oldAnswer }).where('id', '=', oldQuestion).execute();
    await db().insertInto('activity').values({ created_at: 1, user_id: old.id, trigger_user_id: old.id, object_id: oldAnswer, original_object_id: oldQuestion, activity_type: 5 }).execute();
    await db().insertInto('activity').values({ created_at: 1, user_id: old.id, object_id: oldQuestion, original_object_id: oldQuestion, activity_type: 93 }).execute();
    const before = { old: await awardsOf(old.id), asker: await awardsOf(asker.id) };
    expect(before.old).toEqual([]);

    const results = await checkBadges(db());
    expect(results.find((r) => r.handler === 'FirstSharedPost')?.skipped).toBe('not recorded');
    expect(await awardsOf(old.id)).toEqual(['autobiographer', 'editor', 'nice_question', 'scholar']);
    const askerNow = await awardsOf(asker.id);
    expect(askerNow.filter((k) => k === 'nice_answer')).toHaveLength(1); // the old answer (asker had no answer awards)
    expect(askerNow.filter((k) => k === 'good_answer')).toHaveLength(1);
    expect(askerNow).not.toContain('great_answer');
    expect(askerNow).toContain('solved'); // the asker's first accepted answer
    expect(askerNow.length).toBe(before.asker.length + 3);
    const counts = Object.fromEntries(await Promise.all(KEYS.map(async (k) => [k, await awardCount(k)])));

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await runBadgeCheck(db())).toBe(0);
      const printed = log.mock.calls.map((c) => String(c[0]));
      expect(printed).toContain('ok   every earned badge is awarded');
      expect(printed.some((l) => l.startsWith('ok   Nice Answer:'))).toBe(true);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
    expect(Object.fromEntries(await Promise.all(KEYS.map(async (k) => [k, await awardCount(k)])))).toEqual(counts);
  });
});
