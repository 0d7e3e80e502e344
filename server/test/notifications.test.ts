import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBadgeAwardNotification } from '../src/features/notification/badge-award.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

interface Item {
  id: string;
  notification_action: string;
  is_read: boolean;
  rank: number;
  update_time: number;
  user_info: { username: string } | null;
  object_info: { title: string; object_id: string; object_type: string; object_map: Record<string, string> };
}

describe.each(targets)('in-app notifications on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let asker: User;
  let answerer: User;
  let commenter: User;
  let follower: User;
  let voter: User;
  let voter2: User;
  let mentioned: User;
  let outsider: User;
  let suggester: User;
  let questionId: string;
  let answerId: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  /** Runs an API call, checks it succeeded, and waits for the notifications it published. */
  const act = async (method: 'POST' | 'PUT' | 'DELETE', path: string, user: User, payload: unknown) => {
    const res = await api(method, path, user, payload);
    expect(res.statusCode, res.body).toBe(200);
    await site.runtime.outbox.idle();
    return body(res).data;
  };
  const list = async (user: User, type = 'inbox', inboxType = 'all'): Promise<Item[]> => {
    const res = await api('GET', `/notification/page?type=${type}&inbox_type=${inboxType}&page=1&page_size=50`, user);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.list;
  };
  /** Achievements other than badge awards (badge rules may award some along the way). */
  const achievements = async (user: User) => (await list(user, 'achievement')).filter((i) => i.object_info.object_type !== 'badge_award');
  const actions = async (user: User, inboxType = 'all') => (await list(user, 'inbox', inboxType)).map((i) => i.notification_action);
  const status = async (user: User) => {
    const res = await api('GET', '/notification/status', user);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const ask = async (user: User, title: string) => (await act('POST', '/question', user, { title, content: 'A question body long enough.', tags: [{ slug_name: 'support' }] })).id as string;
  const answer = async (user: User, qid: string, content = 'An answer that is long enough.') =>
    (await act('POST', '/answer', user, { question_id: qid, content })).info.id as string;
  const comment = async (user: User, objectId: string, text: string, extra: Record<string, unknown> = {}) =>
    (await act('POST', '/comment', user, { object_id: objectId, original_text: text, ...extra })).comment_id as string;

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    const level = await site.app.inject({ method: 'PUT', url: '/answer/admin/api/setting/privileges', headers: { authorization: admin.token }, payload: { level: 3 } });
    expect(level.statusCode, level.body).toBe(200);
    asker = await member(site, 'ntasker', 1);
    answerer = await member(site, 'ntanswerer', 1);
    commenter = await member(site, 'ntcommenter', 1);
    follower = await member(site, 'ntfollower', 1);
    voter = await member(site, 'ntvoter', 3000);
    voter2 = await member(site, 'ntvoter2', 3000);
    mentioned = await member(site, 'ntmentioned', 1);
    outsider = await member(site, 'ntoutsider', 1);
    suggester = await member(site, 'ntsuggester', 500);
    questionId = await ask(asker, 'How do notifications reach people?');
    await act('POST', '/follow', follower, { object_id: questionId });
    await act('POST', '/follow', asker, { object_id: questionId });
  });
  afterAll(async () => stop?.());

  it('tells the asker about a new answer and copies it to followers, never twice and never to the actor', async () => {
    answerId = await answer(answerer, questionId);
    const [item] = await list(asker);
    expect(await actions(asker)).toEqual(['answered your question']);
    expect(item).toMatchObject({
      is_read: false,
      rank: 0,
      user_info: { username: 'ntanswerer' },
      object_info: { title: 'How do notifications reach people?', object_type: 'answer', object_id: answerId, object_map: { question: questionId, answer: answerId, comment: '' } },
    });
    expect(await actions(follower)).toEqual(['answered your question']);
    expect(await actions(answerer)).toEqual([]);
    expect(await actions(outsider)).toEqual([]);

    // A self-answer notifies nobody: no notice, so no follower copies either.
    await answer(asker, questionId, 'The asker answers their own question.');
    expect(await actions(asker)).toHaveLength(1);
    expect(await actions(follower)).toHaveLength(1);
  });

  it('tells the asker (and followers) about an edited answer', async () => {
    await act('PUT', '/answer', answerer, { id: answerId, question_id: questionId, content: 'An answer that is long enough, edited.', edit_summary: 'typo' });
    expect((await actions(asker))[0]).toBe('edited an answer');
    expect((await actions(follower))[0]).toBe('edited an answer');
    expect(await actions(answerer)).toEqual([]);
  });

  it('applies the comment priority: reply only, else mentions only, else the post author; never the commenter', async () => {
    const before = { asker: (await list(asker)).length, answerer: (await list(answerer)).length, mentioned: (await list(mentioned)).length };

    const plain = await comment(commenter, questionId, 'A plain comment on the question.');
    const [onQuestion] = await list(asker);
    expect(onQuestion).toMatchObject({ notification_action: 'commented on the question', object_info: { object_type: 'comment', object_id: plain, object_map: { question: questionId, answer: '', comment: plain } } });

    const onAnswerId = await comment(commenter, answerId, 'A plain comment on the answer.');
    const [onAnswer] = await list(answerer);
    expect(onAnswer).toMatchObject({ notification_action: 'commented on the answer', object_info: { object_map: { question: questionId, answer: answerId, comment: onAnswerId } } });

    await comment(commenter, questionId, 'Hey @ntmentioned have a look.', { mention_username_list: ['ntmentioned'] });
    expect(await actions(mentioned)).toEqual(['mentioned you']);
    expect(await list(asker)).toHaveLength(before.asker + 1);

    // A reply that also mentions someone: only the replied user hears of it.
    await comment(answerer, questionId, 'Agreed @ntmentioned, thanks.', { reply_comment_id: plain, mention_username_list: ['ntmentioned'] });
    expect((await actions(commenter))[0]).toBe('replied to you');
    expect(await list(mentioned)).toHaveLength(before.mentioned + 1);
    expect(await list(asker)).toHaveLength(before.asker + 1);

    // Commenting on your own post, or replying to yourself, notifies nobody.
    const own = await comment(asker, questionId, 'The asker comments on their own question.');
    await comment(asker, questionId, 'And replies to themselves.', { reply_comment_id: own });
    expect(await list(asker)).toHaveLength(before.asker + 1);
    expect(await list(answerer)).toHaveLength(before.answerer + 1);
  });

  it('mentions a typed @name as a picked one: linked in the text, notified; unknown names and e-mail addresses stay plain', async () => {
    const before = (await list(mentioned)).length;
    const id = await comment(commenter, questionId, 'Typed by hand: @NTmentioned. Also @nosuchperson and write to me@ntmentioned.example.');
    expect(await list(mentioned)).toHaveLength(before + 1);
    expect((await actions(mentioned))[0]).toBe('mentioned you');
    const row = await site.runtime.database.selectFrom('comment').select(['original_text', 'parsed_text']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.original_text).toBe('Typed by hand: [@ntmentioned](/users/ntmentioned). Also @nosuchperson and write to me@ntmentioned.example.');
    expect(row.parsed_text).toMatch(/<a href="\/users\/ntmentioned"[^>]*>@ntmentioned<\/a>/);
  });

  it('notifies a voter\'s first vote only; downvotes do not name the voter; comments get upvote notices', async () => {
    await act('POST', '/vote/up', voter, { object_id: questionId });
    const [up] = await list(asker, 'inbox', 'votes');
    expect(up).toMatchObject({ notification_action: 'upvoted the question', user_info: { username: 'ntvoter' } });
    await act('POST', '/vote/up', voter, { object_id: questionId, is_cancel: true });
    await act('POST', '/vote/up', voter, { object_id: questionId });
    await act('POST', '/vote/down', voter, { object_id: questionId });
    expect(await actions(asker, 'votes')).toEqual(['upvoted the question']);

    await act('POST', '/vote/down', voter, { object_id: answerId });
    const [down] = await list(answerer, 'inbox', 'votes');
    expect(down).toMatchObject({ notification_action: 'downvoted the answer', user_info: null, object_info: { object_map: { question: questionId, answer: answerId } } });

    const c = await comment(commenter, answerId, 'A comment worth an upvote.');
    await act('POST', '/vote/up', voter2, { object_id: c });
    const [onComment] = await list(commenter, 'inbox', 'votes');
    expect(onComment).toMatchObject({ notification_action: 'upvoted the comment', user_info: { username: 'ntvoter2' }, object_info: { object_map: { answer: answerId, comment: c } } });
  });

  it('keeps one achievement per (receiver, object) holding the sum of its reputation, updated in place without a new red dot', async () => {
    const q = await ask(asker, 'A question for reputation sums');
    const a = await answer(answerer, q, 'An answer collecting reputation.');
    await act('PUT', '/notification/status', answerer, { type: 'achievement' });

    await act('POST', '/vote/up', voter, { object_id: a });
    const [first] = (await achievements(answerer)).filter((i) => i.object_info.object_id === a);
    expect(first).toMatchObject({ rank: 10, is_read: false, object_info: { object_type: 'answer', object_map: { question: q, answer: a } } });
    expect((await status(answerer)).achievement).toBe(1);

    await act('POST', '/vote/up', voter2, { object_id: a });
    await act('PUT', '/notification/read/state', answerer, { id: first!.id });
    await act('POST', '/vote/up', voter2, { object_id: a, is_cancel: true });
    await act('POST', '/vote/up', voter2, { object_id: a });
    // The read took the only red dot away; the updates added none.
    expect((await status(answerer)).achievement).toBe(0);
    await act('POST', '/answer/acceptance', asker, { question_id: q, answer_id: a });
    const rows = (await achievements(answerer)).filter((i) => i.object_info.object_id === a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, rank: 35, is_read: false });
    expect(rows[0]!.update_time).toBeGreaterThanOrEqual(first!.update_time);

    // The voter's own loss (a downvote on an answer costs 1) is their achievement on that answer.
    await act('POST', '/vote/down', voter, { object_id: a });
    expect((await achievements(answerer)).find((i) => i.object_info.object_id === a)?.rank).toBe(23);
    expect((await achievements(voter)).find((i) => i.object_info.object_id === a)?.rank).toBe(-1);
    // Un-accepting takes the 15 away again, on the same row.
    await act('POST', '/answer/acceptance', asker, { question_id: q, answer_id: '' });
    expect((await achievements(answerer)).filter((i) => i.object_info.object_id === a).map((i) => i.rank)).toEqual([8]);
    expect((await achievements(asker)).find((i) => i.object_info.object_id === a)?.rank).toBe(0);
  });

  it('tells the answer author about the accept, with follower copies', async () => {
    const followerBefore = (await list(follower)).length;
    await act('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerId });
    expect((await actions(answerer))[0]).toBe('accepted the answer');
    expect(await list(follower)).toHaveLength(followerBefore + 1);
    expect((await actions(follower))[0]).toBe('accepted the answer');
    expect((await actions(asker))[0]).not.toBe('accepted the answer');
  });

  it('invites each newly invited user, filed under invites', async () => {
    const inviter = await member(site, 'ntinviter', 3000);
    await act('PUT', '/question/invite', inviter, { id: questionId, invite_user: ['ntoutsider', 'ntmentioned'] });
    const [invite] = await list(outsider, 'inbox', 'invites');
    expect(invite).toMatchObject({ notification_action: 'invited you to answer', user_info: { username: 'ntinviter' }, object_info: { object_type: 'question', object_id: questionId } });
    expect(await actions(mentioned, 'invites')).toEqual(['invited you to answer']);
    expect(await actions(outsider, 'posts')).toEqual([]);
    expect(await actions(outsider, 'votes')).toEqual([]);
  });

  it('tells authors when a moderator closes or deletes their posts, not when they do it themselves', async () => {
    const closed = await ask(asker, 'A question a moderator will close');
    await act('PUT', '/question/status', admin, { id: closed, close_type: 64, close_msg: '' });
    expect((await actions(asker))[0]).toBe('Your question has been closed');

    const q = await ask(asker, 'A question whose answers get deleted');

    const own = await answer(commenter, q, 'An answer its author will delete.');
    const before = (await list(commenter)).length;
    await act('DELETE', '/answer', commenter, { id: own });
    expect(await list(commenter)).toHaveLength(before);
    const other = await answer(answerer, q, 'An answer a moderator will delete.');
    await act('DELETE', '/answer', admin, { id: other });
    expect((await actions(answerer))[0]).toBe('Your answer has been deleted');

    // The follower's copy no longer shows the title of a question deleted since; its author still sees it.
    const gone = await ask(asker, 'A question that will be deleted');
    await act('POST', '/follow', outsider, { object_id: gone });
    await answer(answerer, gone, 'An answer before the deletion.');
    await act('DELETE', '/question', admin, { id: gone });
    const [deleted] = await list(asker);
    expect(deleted).toMatchObject({ notification_action: 'Your question has been deleted', object_info: { title: 'A question that will be deleted' } });
    const copy = (await list(outsider)).find((i) => i.object_info.object_map.question === gone);
    expect(copy?.object_info.title).toBe('[deleted question]');
  });

  it('gives the suggester an achievement when their edit is approved', async () => {
    const a = await answer(mentioned, questionId, 'An answer someone will improve.');
    const res = await api('PUT', '/answer', suggester, { id: a, question_id: questionId, content: 'An answer someone has improved a lot.', edit_summary: 'better' });
    expect(body(res).data).toMatchObject({ wait_for_review: true });
    const revision = await site.runtime.database.selectFrom('revision').select('id').where('object_id', '=', a).where('status', '=', 1).executeTakeFirstOrThrow();
    expect((await status(voter)).revision).toBeGreaterThanOrEqual(1);
    await act('PUT', '/revisions/audit', voter, { id: String(revision.id), operation: 'approve' });
    expect((await achievements(suggester)).find((i) => i.object_info.object_id === a)).toMatchObject({ rank: 2, object_info: { object_type: 'answer' } });
  });

  it('counts red dots, resets them, and marks one or all read', async () => {
    const reader = await member(site, 'ntreader', 1);
    const q = await ask(reader, 'A question gathering answers');
    for (const [user, text] of [[answerer, 'First answer to count.'], [commenter, 'Second answer to count.'], [follower, 'Third answer to count.']] as const) await answer(user, q, text);
    expect(await status(reader)).toMatchObject({ inbox: 3, achievement: 0, revision: 0, can_revision: false, badge_award: null });

    const items = await list(reader);
    // Ten reads of the same row at once lower the red dot once.
    const reads = await Promise.all(Array.from({ length: 10 }, () => api('PUT', '/notification/read/state', reader, { id: items[0]!.id })));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await status(reader)).inbox).toBe(2);
    expect((await list(reader)).map((i) => i.is_read)).toEqual([true, false, false]);

    await act('PUT', '/notification/status', reader, { type: 'inbox' });
    expect((await status(reader)).inbox).toBe(0);
    expect((await list(reader)).filter((i) => !i.is_read)).toHaveLength(2);

    await answer(voter, q, 'Fourth answer to count.');
    expect((await status(reader)).inbox).toBe(1);
    await act('PUT', '/notification/read/state/all', reader, { type: 'inbox' });
    expect((await list(reader)).every((i) => i.is_read)).toBe(true);
    expect((await status(reader)).inbox).toBe(0);
  });

  it('keeps every user to their own notifications', async () => {
    const [theirs] = await list(asker);
    const res = await api('PUT', '/notification/read/state', outsider, { id: theirs!.id });
    expect(res.statusCode).toBe(404);
    expect((await list(asker))[0]!.is_read).toBe(theirs!.is_read);
    expect((await api('PUT', '/notification/read/state', outsider, { id: 'abc' })).statusCode).toBe(400);
    expect((await api('PUT', '/notification/read/state', outsider, { id: '99999999' })).statusCode).toBe(404);
    const page = body(await api('GET', '/notification/page?type=inbox&inbox_type=all&page=1&page_size=50', outsider)).data;
    expect(page.list.map((i: Item) => i.id)).not.toContain(theirs!.id);
    expect((await api('GET', '/notification/status')).statusCode).toBe(401);
    expect((await api('GET', '/notification/page?type=inbox')).statusCode).toBe(401);
  });

  it('answers the poll from a short session cache that logout clears at once', async () => {
    const poller = await member(site, 'ntpoller', 1);
    expect((await api('GET', '/notification/status', poller)).statusCode).toBe(200);
    expect((await api('GET', '/user/logout', poller)).statusCode).toBe(200);
    expect((await api('GET', '/notification/status', poller)).statusCode).toBe(401);
  });

  it('shows a badge award once as an alert until it is read', async () => {
    const earner = await member(site, 'ntearner', 1);
    const badge = await site.runtime.database.selectFrom('badge').select(['id', 'name', 'icon', 'level']).orderBy('id').executeTakeFirstOrThrow();
    await site.runtime.database.transaction().execute((trx) => addBadgeAwardNotification(trx, { userId: earner.id, awardId: '11000000000999901', badgeId: String(badge.id) }));
    const s = await status(earner);
    expect(s.achievement).toBe(1);
    expect(s.badge_award).toMatchObject({ badge_id: String(badge.id), icon: badge.icon, level: Number(badge.level) });
    expect(s.badge_award.name).not.toBe(badge.name);
    const [item] = await list(earner, 'achievement');
    expect(item).toMatchObject({ id: s.badge_award.notification_id, user_info: null, object_info: { object_type: 'badge_award', object_map: { badge_id: String(badge.id) } } });
    expect(item!.object_info.title).toContain(s.badge_award.name);
    await act('PUT', '/notification/read/state', earner, { id: s.badge_award.notification_id });
    expect(await status(earner)).toMatchObject({ badge_award: null, badge_awards: [], achievement: 0 });
  });

  it('lists several unacknowledged awards together, oldest first', async () => {
    const earner = await member(site, 'ntcollector', 1);
    const badges = await site.runtime.database.selectFrom('badge').select(['id']).orderBy('id').limit(2).execute();
    for (const [i, badge] of badges.entries()) {
      await site.runtime.database.transaction().execute((trx) => addBadgeAwardNotification(trx, { userId: earner.id, awardId: `1100000000099990${i + 2}`, badgeId: String(badge.id) }));
    }
    const s = await status(earner);
    expect(s.badge_awards.map((a: { badge_id: string }) => a.badge_id)).toEqual(badges.map((b) => String(b.id)));
    expect(s.badge_award).toEqual(s.badge_awards[0]);
  });

  it('filters and clamps the page, and refuses a bad type', async () => {
    expect(await actions(asker, 'posts')).not.toContain('upvoted the question');
    expect(await actions(asker, 'votes')).toEqual(['upvoted the question']);
    const all = await list(asker);
    const big = await api('GET', '/notification/page?type=inbox&page_size=100000', asker);
    expect(big.statusCode).toBe(200);
    expect(body(big).data.count).toBe(all.length);
    const second = body(await api('GET', '/notification/page?type=inbox&page=2&page_size=2', asker)).data;
    expect(second.list.map((i: Item) => i.id)).toEqual(all.slice(2, 4).map((i) => i.id));
    const bad = await api('GET', '/notification/page?type=everything', asker);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('type');
    expect((await api('PUT', '/notification/status', asker, { type: 'nope' })).statusCode).toBe(400);
  });
});
