import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longToShort } from '../src/core/ids.js';
import { dialectOf } from '../src/db/migrations/dialect.js';
import { body, login, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const ADMIN_API = '/answer/admin/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(targets)('admin content management on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let asker: User;
  let answerer: User;
  let voter: User;
  let reader: User;

  const call = (method: Method, p: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: p, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const api = (method: Method, p: string, user?: User, payload?: unknown) => call(method, `/answer/api/v1${p}`, user, payload);
  const adminApi = (method: Method, p: string, payload?: unknown, user: User = admin) => call(method, `${ADMIN_API}${p}`, user, payload);
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    await site.runtime.outbox.idle();
    return JSON.parse(r.body).data;
  };
  const ask = async (user: User, title: string, content = 'A question body that is long enough.', tag = 'support') =>
    (await ok(api('POST', '/question', user, { title, content, tags: [{ slug_name: tag }] }))).id as string;
  const answer = async (user: User, questionId: string, content = 'An answer that is long enough to post.') =>
    (await ok(api('POST', '/answer', user, { question_id: questionId, content }))).info.id as string;
  const questions = async (query: string) => body(await adminApi('GET', `/question/page?${query}`)).data as { count: number; list: any[] };
  const answers = async (query: string) => body(await adminApi('GET', `/answer/page?${query}`)).data as { count: number; list: any[] };
  const questionRow = (id: string) => site.runtime.database.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
  const answerRow = (id: string) => site.runtime.database.selectFrom('answer').selectAll().where('id', '=', id).executeTakeFirst();
  const userRow = (id: string) => site.runtime.database.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The person's inbox notifications as stored (the API translates the action). */
  const inbox = async (user: User) =>
    (await site.runtime.database.selectFrom('notification').select('content').where('user_id', '=', user.id).where('type', '=', 1).execute()).map((r) => {
      const c = JSON.parse(r.content);
      return { action: c.action as string, object_id: c.object_id as string };
    });
  const logRows = async (action: string, objectId: string) =>
    (await site.runtime.database.selectFrom('moderation_log').selectAll().where('action', '=', action).where('object_id', '=', objectId).orderBy('id').execute()).map((r) => ({
      staff: String(r.staff_user_id),
      target: String(r.target_user_id),
      detail: JSON.parse(r.detail),
    }));

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    asker = await member(site, 'acasker', 1);
    answerer = await member(site, 'acanswerer', 1);
    voter = await member(site, 'acvoter', 3000);
    reader = await member(site, 'acreader', 1);
    const mod = await member(site, 'acmoderator', 1);
    const db = site.runtime.database;
    const t = Math.floor(Date.now() / 1000);
    await db.deleteFrom('user_role_rel').where('user_id', '=', mod.id).execute();
    await db.insertInto('user_role_rel').values({ user_id: mod.id, role_id: 3, created_at: t, updated_at: t }).execute();
    moderator = { id: mod.id, token: await login(site, 'acmoderator@example.com', 'password-123') };
    // Members below 750 reputation cannot create tags; the purge test counts one of its own.
    await ok(api('POST', '/tag', admin, { slug_name: 'purgetag', display_name: 'purgetag', original_text: 'A tag for the purge test.' }));
  });
  afterAll(async () => stop?.());

  it('is for administrators only: visitors 401, members and moderators 403', async () => {
    const questionId = await ask(asker, 'A question nobody but the admin may moderate');
    const calls: [Method, string, unknown][] = [
      ['GET', '/question/page', undefined],
      ['GET', '/answer/page', undefined],
      ['PUT', '/question/status', { question_id: questionId, status: 'deleted' }],
      ['PUT', '/answer/status', { answer_id: '10020000000000001', status: 'deleted' }],
      ['PUT', '/question/status/bulk', { ids: [questionId], status: 'deleted' }],
      ['PUT', '/answer/status/bulk', { ids: ['10020000000000001'], status: 'deleted' }],
      ['POST', '/question/purge', { ids: [questionId] }],
      ['POST', '/answer/purge', { ids: ['10020000000000001'] }],
    ];
    for (const [method, p, payload] of calls) {
      expect((await call(method, `${ADMIN_API}${p}`, undefined, payload)).statusCode, p).toBe(401);
      expect((await call(method, `${ADMIN_API}${p}`, reader, payload)).statusCode, p).toBe(403);
      expect((await call(method, `${ADMIN_API}${p}`, moderator, payload)).statusCode, p).toBe(403);
    }
    expect(Number((await questionRow(questionId))!.status)).toBe(1);
    expect((await adminApi('GET', '/question/page')).statusCode).toBe(200);
  });

  it('lists questions by status tab, newest first, and finds them by words, author or id', async () => {
    const giraffe = await ask(asker, 'Purple giraffe migration patterns');
    const zebra = await ask(answerer, 'Zebra stripes and the purple question', 'Which way do the stripes go on a zebra?');
    await ok(adminApi('PUT', '/question/status', { question_id: zebra, status: 'closed' }));

    const normal = await questions('status=normal&page_size=100');
    const ids = normal.list.map((q) => q.id);
    expect(ids).toContain(giraffe);
    expect(ids).not.toContain(zebra);
    // The upstream swagger's name of the tab, and no status at all, mean the same.
    expect((await questions('status=available&page_size=100')).count).toBe(normal.count);
    expect((await questions('page_size=100')).count).toBe(normal.count);
    expect((await questions('status=closed')).list.map((q) => q.id)).toEqual([zebra]);

    const row = (await questions('query=GIRAFFE')).list;
    expect(row.map((q) => q.id)).toEqual([giraffe]);
    expect(row[0]).toMatchObject({
      title: 'Purple giraffe migration patterns',
      url_title: 'purple-giraffe-migration-patterns',
      status: 1,
      show: 1,
      pin: 1,
      vote_count: 0,
      answer_count: 0,
      accepted_answer_id: '0',
      user_info: { username: 'acasker' },
    });
    expect(row[0].create_time).toBeGreaterThan(0);
    // Words match the text as well as the title; every word must match.
    expect((await questions('status=closed&query=way%20zebra')).list.map((q) => q.id)).toEqual([zebra]);
    expect((await questions('query=giraffe%20zebra')).count).toBe(0);
    expect((await questions('query=user:acanswerer&status=closed')).list.map((q) => q.id)).toEqual([zebra]);
    expect((await questions('query=user:acanswerer')).list.map((q) => q.id)).not.toContain(zebra);
    expect((await questions('query=user:acasker%20purple')).list.map((q) => q.id)).toEqual([giraffe]);
    expect((await questions(`query=${giraffe}`)).list.map((q) => q.id)).toEqual([giraffe]);
    expect((await questions(`query=${longToShort(giraffe)}`)).list.map((q) => q.id)).toEqual([giraffe]);
    expect((await questions('query=user:nobody-at-all')).count).toBe(0);
    // LIKE wildcards are words, not patterns.
    expect((await questions('query=%25')).count).toBe(0);

    // Page sizes are clamped, never refused; a word is a 400.
    const one = await questions('page_size=1&page=2');
    expect(one.list).toHaveLength(1);
    expect(one.count).toBe(normal.count);
    expect((await adminApi('GET', '/question/page?page_size=100000')).statusCode).toBe(200);
    const bad = await adminApi('GET', '/question/page?status=sideways');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('status');
  });

  it('lists answers by status, by question and by words', async () => {
    const questionId = await ask(asker, 'Where do answers get listed for admins?');
    const first = await answer(answerer, questionId, 'First answer mentions a kumquat tree.');
    const second = await answer(voter, questionId, 'Second answer is about something else.');
    const byQuestion = await answers(`question_id=${questionId}`);
    expect(byQuestion.list.map((a) => a.id)).toEqual([second, first]);
    expect(byQuestion.list[1]).toMatchObject({
      question_id: questionId,
      description: 'First answer mentions a kumquat tree.',
      status: 1,
      accepted: 1,
      vote_count: 0,
      user_info: { username: 'acanswerer' },
      question_info: { title: 'Where do answers get listed for admins?', url_title: 'where-do-answers-get-listed-for-admins', status: 1 },
    });
    expect((await answers('query=kumquat')).list.map((a) => a.id)).toEqual([first]);
    expect((await answers('query=listed%20admins')).count).toBe(2); // the question's title
    expect((await answers(`query=${first}`)).list.map((a) => a.id)).toEqual([first]);
    expect((await answers(`query=${questionId}`)).count).toBe(2);
    expect((await answers(`query=user:acvoter&question_id=${questionId}`)).list.map((a) => a.id)).toEqual([second]);
    expect((await answers('question_id=nonsense')).count).toBe(0);
    expect((await answers(`status=deleted&question_id=${questionId}`)).count).toBe(0);
    expect((await adminApi('GET', '/answer/page?status=closed')).statusCode).toBe(400);
  });

  it('deletes, undeletes, closes and reopens questions through the question services, notifying the author', async () => {
    const questionId = await ask(asker, 'A question the admin will delete and bring back');
    await answer(answerer, questionId);
    const before = Number((await userRow(asker.id)).question_count);

    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'deleted' }));
    expect(Number((await questionRow(questionId))!.status)).toBe(10);
    expect(Number((await userRow(asker.id)).question_count)).toBe(before - 1);
    expect(await inbox(asker)).toContainEqual({ action: 'your_question_was_deleted', object_id: questionId });
    expect((await questions('status=deleted')).list.map((q) => q.id)).toContain(questionId);
    expect((await api('GET', `/question/info?id=${questionId}`, reader)).statusCode).toBe(404);
    await expectCountersExact(site);

    // Already deleted: nothing happens, nothing is logged.
    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'deleted' }));
    // A deleted question is undeleted before it can be closed.
    const closeDeleted = await adminApi('PUT', '/question/status', { question_id: questionId, status: 'closed' });
    expect(closeDeleted.statusCode).toBe(400);
    expect(body(closeDeleted).reason).toBe('error.admin.undelete_first');

    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'available' }));
    expect(Number((await questionRow(questionId))!.status)).toBe(1);
    expect(Number((await userRow(asker.id)).question_count)).toBe(before);
    await expectCountersExact(site);

    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'closed' }));
    expect(Number((await questionRow(questionId))!.status)).toBe(2);
    expect(await inbox(asker)).toContainEqual({ action: 'your_question_is_closed', object_id: questionId });
    const info = body(await api('GET', `/question/info?id=${questionId}`, reader)).data;
    expect(info.operation).toMatchObject({ type: 'closed' });
    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'available' }));
    expect(Number((await questionRow(questionId))!.status)).toBe(1);
    await expectCountersExact(site);

    // The timeline tells the story, and the log has one entry per change.
    const types = (await site.runtime.database.selectFrom('activity').select('activity_type').where('object_id', '=', questionId).execute()).map((r) => Number(r.activity_type));
    expect(types).toEqual(expect.arrayContaining([95, 96, 88, 89]));
    expect((await logRows('question.status', questionId)).map((r) => r.detail)).toEqual([
      { from: 'available', to: 'deleted' },
      { from: 'deleted', to: 'available' },
      { from: 'available', to: 'closed' },
      { from: 'closed', to: 'available' },
    ]);
    expect((await logRows('question.status', questionId))[0]).toMatchObject({ staff: admin.id, target: asker.id });
  });

  it('deletes and undeletes answers through the answer services, with counts and the author notified', async () => {
    const questionId = await ask(asker, 'A question whose answer the admin deletes');
    const answerId = await answer(answerer, questionId);
    const before = Number((await userRow(answerer.id)).answer_count);

    await ok(adminApi('PUT', '/answer/status', { answer_id: answerId, status: 'deleted' }));
    expect(Number((await answerRow(answerId))!.status)).toBe(10);
    expect(Number((await questionRow(questionId))!.answer_count)).toBe(0);
    expect(Number((await userRow(answerer.id)).answer_count)).toBe(before - 1);
    expect(await inbox(answerer)).toContainEqual({ action: 'your_answer_was_deleted', object_id: answerId });
    expect((await answers(`status=deleted&question_id=${questionId}`)).list.map((a) => a.id)).toEqual([answerId]);
    await expectCountersExact(site);

    await ok(adminApi('PUT', '/answer/status', { answer_id: answerId, status: 'available' }));
    expect(Number((await answerRow(answerId))!.status)).toBe(1);
    expect(Number((await questionRow(questionId))!.answer_count)).toBe(1);
    expect(Number((await userRow(answerer.id)).answer_count)).toBe(before);
    await expectCountersExact(site);
    expect((await logRows('answer.status', answerId)).map((r) => [r.detail.from, r.detail.to, r.target])).toEqual([
      ['available', 'deleted', answerer.id],
      ['deleted', 'available', answerer.id],
    ]);

    expect((await adminApi('PUT', '/answer/status', { answer_id: answerId, status: 'closed' })).statusCode).toBe(400);
    expect((await adminApi('PUT', '/answer/status', { answer_id: '10020000000999999', status: 'deleted' })).statusCode).toBe(404);
    expect((await adminApi('PUT', '/question/status', { question_id: 'nonsense', status: 'deleted' })).statusCode).toBe(404);
    const missing = await adminApi('PUT', '/question/status', { status: 'deleted' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).data[0].error_field).toBe('question_id');
  });

  it('applies one action to many ids, each on its own, and reports every result', async () => {
    const a = await ask(asker, 'Bulk question number one');
    const b = await ask(answerer, 'Bulk question number two');
    const res = body(await adminApi('PUT', '/question/status/bulk', { ids: [a, 'nonsense', b, a], status: 'deleted' }));
    await site.runtime.outbox.idle();
    expect(res.data).toEqual([
      { id: a, ok: true, changed: true, reason: '', msg: '' },
      { id: 'nonsense', ok: false, changed: false, reason: 'error.question.not_found', msg: 'Question not found.' },
      { id: b, ok: true, changed: true, reason: '', msg: '' },
      { id: a, ok: true, changed: false, reason: '', msg: '' },
    ]);
    expect(Number((await questionRow(a))!.status)).toBe(10);
    expect(Number((await questionRow(b))!.status)).toBe(10);
    expect(await inbox(answerer)).toContainEqual({ action: 'your_question_was_deleted', object_id: b });
    await expectCountersExact(site);
    const back = body(await adminApi('PUT', '/question/status/bulk', { ids: [a, b], status: 'available' })).data;
    expect(back.map((r: any) => r.ok && r.changed)).toEqual([true, true]);

    const qid = await ask(asker, 'Bulk answers live here');
    const x = await answer(answerer, qid);
    const y = await answer(voter, qid);
    const done = body(await adminApi('PUT', '/answer/status/bulk', { ids: [x, y], status: 'deleted' })).data;
    expect(done.map((r: any) => r.ok)).toEqual([true, true]);
    expect(Number((await questionRow(qid))!.answer_count)).toBe(0);
    await expectCountersExact(site);

    expect((await adminApi('PUT', '/question/status/bulk', { ids: [], status: 'deleted' })).statusCode).toBe(400);
    expect((await adminApi('PUT', '/question/status/bulk', { ids: Array(101).fill(a), status: 'deleted' })).statusCode).toBe(400);
  });

  it('counts a status change made by several admins at once exactly once', async () => {
    const questionId = await ask(asker, 'A question five admins delete at the same moment');
    await answer(answerer, questionId);
    const before = Number((await userRow(asker.id)).question_count);
    const replies = await Promise.all(Array.from({ length: 5 }, () => adminApi('PUT', '/question/status', { question_id: questionId, status: 'deleted' })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    await site.runtime.outbox.idle();
    expect(Number((await userRow(asker.id)).question_count)).toBe(before - 1);
    expect(await logRows('question.status', questionId)).toHaveLength(1);
    expect((await inbox(asker)).filter((n) => n.object_id === questionId && n.action === 'your_question_was_deleted')).toHaveLength(1);
    const back = await Promise.all(Array.from({ length: 5 }, () => adminApi('PUT', '/question/status', { question_id: questionId, status: 'available' })));
    expect(back.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(Number((await userRow(asker.id)).question_count)).toBe(before);
    expect(await logRows('question.status', questionId)).toHaveLength(2);
    await expectCountersExact(site);
  });

  it('purges a deleted question with everything about it, files only it used, and exact counters', async () => {
    const db = site.runtime.database;
    const uploads = site.runtime.config?.service_config?.upload_path || site.runtime.paths.uploads;
    fs.mkdirSync(path.join(uploads, 'post'), { recursive: true });
    const own = `${'a'.repeat(32)}.png`;
    const shared = `${'b'.repeat(32)}.png`;
    for (const f of [own, shared]) fs.writeFileSync(path.join(uploads, 'post', f), 'x');

    const keeper = await ask(reader, 'A question that keeps the shared picture', `Here it is ![s](/uploads/post/${shared}) in a body.`);
    const questionId = await ask(asker, 'A spam question about cheap watches', `Buy now ![o](/uploads/post/${own}) and ![s](/uploads/post/${shared}) today.`, 'purgetag');
    await ok(api('PUT', '/question', asker, { id: questionId, title: 'A spam question about cheap watches edited', content: 'Edited spam body that is long enough.', tags: [{ slug_name: 'purgetag' }] }));
    const answerId = await answer(answerer, questionId, 'An answer to the spam question.');
    const commentId = (await ok(api('POST', '/comment', reader, { object_id: answerId, original_text: 'A comment on the answer.' }))).comment_id as string;
    const questionComment = (await ok(api('POST', '/comment', answerer, { object_id: questionId, original_text: 'A comment on the question.' }))).comment_id as string;
    await ok(api('POST', '/vote/up', voter, { object_id: questionId }));
    await ok(api('POST', '/vote/up', voter, { object_id: answerId }));
    await ok(api('POST', '/collection/switch', reader, { object_id: questionId, bookmark: true, group_id: '0' }));
    await ok(api('POST', '/follow', reader, { object_id: questionId }));
    await api('GET', `/question/info?id=${questionId}`, reader);
    const askerRank = Number((await userRow(asker.id)).rank);
    const answererAnswers = Number((await userRow(answerer.id)).answer_count);

    // Only deleted posts can be purged.
    const early = body(await adminApi('POST', '/question/purge', { ids: [questionId] })).data;
    expect(early).toEqual([{ id: questionId, ok: false, changed: false, reason: 'error.admin.purge_needs_deleted', msg: expect.any(String) }]);
    expect(await questionRow(questionId)).toBeTruthy();

    await ok(adminApi('PUT', '/question/status', { question_id: questionId, status: 'deleted' }));
    const unreadBefore = body(await api('GET', '/notification/status', asker)).data.inbox as number;
    expect(unreadBefore).toBeGreaterThan(0);
    const result = body(await adminApi('POST', '/question/purge', { ids: [questionId] })).data;
    expect(result).toEqual([{ id: questionId, ok: true, changed: true, reason: '', msg: '' }]);

    const all = [questionId, answerId, commentId, questionComment];
    const left = async (table: 'question' | 'answer' | 'comment', column: 'id' = 'id') => (await db.selectFrom(table).select(column).where(column, 'in', all).execute()).length;
    expect(await left('question')).toBe(0);
    expect(await left('answer')).toBe(0);
    expect(await left('comment')).toBe(0);
    for (const table of ['revision', 'vote', 'tag_rel', 'collection', 'meta', 'report', 'review', 'notification'] as const) {
      expect((await db.selectFrom(table).select('object_id').where('object_id', 'in', all).execute()).length, table).toBe(0);
    }
    expect((await db.selectFrom('question_view').select('question_id').where('question_id', '=', questionId).execute()).length).toBe(0);
    // Activity about the posts goes, except reputation that still counts (not taken back).
    const activity = await db.selectFrom('activity').select(['rank', 'cancelled']).where('object_id', 'in', all).execute();
    expect(activity.every((r) => Number(r.rank) !== 0 && Number(r.cancelled) === 0)).toBe(true);
    expect(Number((await userRow(asker.id)).rank)).toBe(askerRank);
    expect(Number((await userRow(answerer.id)).answer_count)).toBe(answererAnswers - 1);
    // The search index forgets them.
    const indexed =
      dialectOf(db) === 'sqlite3'
        ? await sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_fts WHERE rowid IN (${questionId}, ${answerId})`.execute(db)
        : await sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_doc WHERE object_id IN (${questionId}, ${answerId})`.execute(db);
    expect(Number(indexed.rows[0]!.n)).toBe(0);
    // The picture only it used is gone; the shared one stays.
    expect(fs.existsSync(path.join(uploads, 'post', own))).toBe(false);
    expect(fs.existsSync(path.join(uploads, 'post', shared))).toBe(true);
    expect(await questionRow(keeper)).toBeTruthy();
    // The red dot counts only what the inbox still holds.
    const unread = await db.selectFrom('notification').select('id').where('user_id', '=', asker.id).where('type', '=', 1).where('is_read', '=', 1).execute();
    expect(body(await api('GET', '/notification/status', asker)).data.inbox).toBe(unread.length);
    expect((await questions('status=deleted')).list.map((q) => q.id)).not.toContain(questionId);
    const tag = await db.selectFrom('tag').select('question_count').where('slug_name', '=', 'purgetag').executeTakeFirstOrThrow();
    expect(Number(tag.question_count)).toBe(0);
    await expectCountersExact(site);
    expect(await logRows('question.purge', questionId)).toEqual([{ staff: admin.id, target: asker.id, detail: { title: expect.any(String), answers: 1, comments: 2 } }]);
    // A second purge finds nothing.
    expect(body(await adminApi('POST', '/question/purge', { ids: [questionId] })).data[0]).toMatchObject({ ok: false, reason: 'error.question.not_found' });
  });

  it('purges a deleted answer with its comments, leaving its question and counters exact', async () => {
    const db = site.runtime.database;
    const questionId = await ask(asker, 'A question keeping its other answer');
    const keep = await answer(voter, questionId, 'The answer that stays.');
    const spam = await answer(answerer, questionId, 'A spam answer to be purged.');
    const commentId = (await ok(api('POST', '/comment', reader, { object_id: spam, original_text: 'Comment under the spam answer.' }))).comment_id as string;
    await ok(api('POST', '/vote/up', voter, { object_id: spam }));
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: spam }));

    expect(body(await adminApi('POST', '/answer/purge', { ids: [spam] })).data[0]).toMatchObject({ ok: false, reason: 'error.admin.purge_needs_deleted' });
    await ok(adminApi('PUT', '/answer/status', { answer_id: spam, status: 'deleted' }));
    expect(body(await adminApi('POST', '/answer/purge', { ids: [spam, 'nonsense'] })).data).toEqual([
      { id: spam, ok: true, changed: true, reason: '', msg: '' },
      { id: 'nonsense', ok: false, changed: false, reason: 'error.answer.not_found', msg: 'Answer not found.' },
    ]);
    expect(await answerRow(spam)).toBeUndefined();
    expect(await answerRow(keep)).toBeTruthy();
    expect((await db.selectFrom('comment').select('id').where('id', '=', commentId).execute()).length).toBe(0);
    for (const table of ['revision', 'vote', 'notification'] as const) {
      expect((await db.selectFrom(table).select('object_id').where('object_id', 'in', [spam, commentId]).execute()).length, table).toBe(0);
    }
    const question = (await questionRow(questionId))!;
    expect(Number(question.answer_count)).toBe(1);
    expect(String(question.accepted_answer_id)).toBe('0');
    expect((await api('GET', `/question/info?id=${questionId}`, reader)).statusCode).toBe(200);
    await expectCountersExact(site);
    expect((await logRows('answer.purge', spam))[0]).toMatchObject({ staff: admin.id, target: answerer.id, detail: { question_id: questionId, comments: 1 } });
  });
});
