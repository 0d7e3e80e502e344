import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLongId } from '../src/core/ids.js';
import { createDb, type Db } from '../src/db/connect.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { migrations } from '../src/db/migrations/index.js';
import { ACT } from '../src/features/activity/types.js';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { type TestDatabase, testDatabases } from './support/databases.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const MODERATOR_ROLE = 3;
/** Reason ids (config rows, domain.md 2.20). */
const SPAM = 57;
const SOMETHING = 59;
const DUPLICATE = 60;
const NOT_AN_ANSWER = 61;
const NO_LONGER_NEEDED = 62;
const COMMUNITY_SPECIFIC = 63;

describe.each(targets)('flags and the flag review queue on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let author: User;
  let flagger: User;
  let second: User;
  let nobody: User;
  let tagSlug: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const fields = (res: { json(): any }) => (res.json().data as { error_field: string }[]).map((e) => e.error_field);
  const db = () => site.runtime.database;
  let n = 0;
  const ask = async (user = author) => {
    n += 1;
    const res = await api('POST', '/question', user, { title: `A question to flag number ${n}`, content: 'Is this post fine or not?', tags: [{ slug_name: tagSlug }] });
    expect(res.statusCode, res.body).toBe(200);
    return toLongId(body(res).data.id as string)!;
  };
  const answer = async (questionId: string, user = author) => {
    const res = await api('POST', '/answer', user, { question_id: questionId, content: `An answer with enough text ${++n}.` });
    expect(res.statusCode, res.body).toBe(200);
    return toLongId(body(res).data.info.id as string)!;
  };
  const comment = async (objectId: string, user = author) => {
    const res = await api('POST', '/comment', user, { object_id: objectId, original_text: `A comment to flag ${++n}` });
    expect(res.statusCode, res.body).toBe(200);
    return String(body(res).data.comment_id);
  };
  const flag = (user: User | undefined, objectId: string, reportType: unknown = SPAM, content?: string) =>
    api('POST', '/report', user, { object_id: objectId, report_type: reportType, ...(content === undefined ? {} : { content }) });
  const queue = async (user: User, page = 1) => body(await api('GET', `/report/unreviewed/post?page=${page}`, user)).data as { count: number; list: any[] };
  const review = (user: User, payload: Record<string, unknown>) => api('PUT', '/report/review', user, payload);
  const openFlagsOn = (objectId: string) => db().selectFrom('report').selectAll().where('object_id', '=', objectId).where('status', '=', 1).execute();
  /** Flags the object and returns the queue item showing it. */
  const flagged = async (objectId: string, user = flagger, reportType: number = SPAM, content?: string) => {
    const res = await flag(user, objectId, reportType, content);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await openFlagsOn(objectId);
    return String(row!.id);
  };
  const logged = (action: string, objectId: string) =>
    db().selectFrom('moderation_log').selectAll().where('action', '=', action).where('object_id', '=', objectId).execute();
  const events = (objectId: string, type: number) => db().selectFrom('activity').select('user_id').where('object_id', '=', objectId).where('activity_type', '=', type).execute();
  const question = (id: string) => db().selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'flagmod', 1);
    await db().insertInto('user_role_rel').values({ user_id: moderator.id, role_id: MODERATOR_ROLE, created_at: Math.floor(Date.now() / 1000) }).execute();
    author = await member(site, 'flagauthor', 200);
    flagger = await member(site, 'flagfran', 1);
    second = await member(site, 'flagsam', 1);
    nobody = await member(site, 'flagzero', 0);
    tagSlug = `flags-${name}`;
    const first = await api('POST', '/question', admin, { title: 'The question that creates the tag', content: 'Creating the tag', tags: [{ slug_name: tagSlug }] });
    expect(first.statusCode, first.body).toBe(200);
  });
  afterAll(async () => stop?.());

  it('checks the reason against the object type, and the URL or text a reason needs', async () => {
    const q = await ask();
    const a = await answer(q);
    const c = await comment(a);
    // "not an answer" is an answer reason, "no longer needed" a comment one.
    let res = await flag(flagger, q, NOT_AN_ANSWER);
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['report_type']);
    expect((await flag(flagger, a, NO_LONGER_NEEDED)).statusCode).toBe(400);
    expect((await flag(flagger, q, 999999)).statusCode).toBe(400);
    res = await flag(flagger, q, null);
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['report_type']);
    // A duplicate needs the original's URL; "something else" needs the text.
    res = await flag(flagger, q, DUPLICATE, 'see the other one');
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('error.common.invalid_url');
    expect(fields(res)).toEqual(['content']);
    res = await flag(flagger, a, SOMETHING, '   ');
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['content']);
    expect((await flag(flagger, q, SPAM, 'x'.repeat(501))).statusCode).toBe(400);
    // Unknown ids and objects that cannot be flagged.
    expect((await flag(flagger, '10010000000999999')).statusCode).toBe(404);
    expect((await flag(flagger, 'nonsense')).statusCode).toBe(404);
    expect((await flag(flagger, '')).statusCode).toBe(400);
    expect(await openFlagsOn(q)).toHaveLength(0);

    expect((await flag(flagger, q, DUPLICATE, 'https://example.com/questions/1')).statusCode).toBe(200);
    expect((await flag(flagger, a, NOT_AN_ANSWER, '')).statusCode).toBe(200);
    expect((await flag(flagger, c, SOMETHING, 'It is off topic')).statusCode).toBe(200);
    const [row] = await openFlagsOn(q);
    expect(row).toMatchObject({ report_type: DUPLICATE, content: 'https://example.com/questions/1', object_type: 1 });
    expect(String(row!.reported_user_id)).toBe(author.id);
    expect(String(row!.user_id)).toBe(flagger.id);
  });

  it('keeps one open flag per user and object, also for 20 identical requests at once', async () => {
    const q = await ask();
    const replies = await Promise.all(Array.from({ length: 20 }, () => flag(second, q)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(body(r).reason).toBe('error.report.already_reported');
    }
    expect(await openFlagsOn(q)).toHaveLength(1);
    // Another reason is still the same user flagging the same post.
    const again = await flag(second, q, SOMETHING, 'and also this');
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toMatch(/already flagged/);
    // Once handled, the post can be flagged again.
    const [open] = await openFlagsOn(q);
    expect((await review(moderator, { flag_id: String(open!.id), operation_type: 'ignore_report' })).statusCode).toBe(200);
    expect((await flag(second, q)).statusCode).toBe(200);
    expect(await db().selectFrom('report').select('id').where('object_id', '=', q).where('user_id', '=', second.id).execute()).toHaveLength(2);
  });

  it('refuses visitors, members without the privilege, and deleted posts', async () => {
    const q = await ask();
    const a = await answer(q, second);
    expect((await flag(undefined, q)).statusCode).toBe(401);
    const low = await flag(nobody, q);
    expect(low.statusCode).toBe(403);
    expect(body(low).reason).toBe('error.rank.no_enough_rank_to_operate');

    expect((await api('DELETE', '/answer', second, { id: a })).statusCode).toBe(200);
    // Gone for the flagger, who cannot see it; refused for staff, who can.
    expect((await flag(flagger, a)).statusCode).toBe(404);
    const staff = await flag(moderator, a);
    expect(staff.statusCode).toBe(400);
    expect(body(staff).reason).toBe('error.object.already_deleted');
    const c = await comment(q);
    expect((await api('DELETE', '/comment', author, { comment_id: c })).statusCode).toBe(200);
    expect((await flag(flagger, c)).statusCode).toBe(400);
    expect(await db().selectFrom('report').select('id').where('object_id', 'in', [a, c]).execute()).toHaveLength(0);
  });

  it('shows a post flagged by several people once, with every flag and its flagger; only to staff', async () => {
    const q = await ask();
    const a = await answer(q);
    // Written an hour before it was flagged, so the two times cannot be confused.
    const writtenAt = Math.floor(Date.now() / 1000) - 3600;
    await db().updateTable('answer').set({ created_at: writtenAt }).where('id', '=', a).execute();
    const firstFlag = await flagged(a, flagger, SPAM);
    await flagged(a, second, SOMETHING, 'Looks like an advert');
    expect(await queue(flagger)).toEqual({ count: 0, list: [] });
    const data = await queue(moderator);
    const types = body(await api('GET', '/reviewing/type', moderator)).data as { name: string; todo_amount: number }[];
    expect(types.find((t) => t.name === 'flagged_post')!.todo_amount).toBe(data.count);
    // Each page holds one post; find ours.
    let item: any;
    for (let page = 1; page <= data.count && !item; page++) {
      const [candidate] = (await queue(moderator, page)).list;
      if (toLongId(candidate.object_id) === a) item = candidate;
    }
    expect(item).toMatchObject({ object_type: 'answer', title: expect.stringContaining('A question to flag'), object_status: 1 });
    expect(toLongId(item.question_id)).toBe(q);
    expect(item.author_user_info.username).toBe('flagauthor');
    // As upstream's report service: created_at is the post's time, submit_at the (first) flag's.
    const flaggedAt = Number((await db().selectFrom('report').select('created_at').where('id', '=', firstFlag).executeTakeFirstOrThrow()).created_at);
    expect(item.created_at).toBe(writtenAt);
    expect(item.submit_at).toBe(flaggedAt);
    expect(flaggedAt).toBeGreaterThan(writtenAt);
    // The flagger, not the flagged post's author (upstream quirk).
    expect(item.submitter_user.username).toBe('flagfran');
    expect(item.reason).toMatchObject({ reason_type: SPAM, name: 'spam' });
    expect(item.flags.map((f: any) => [f.submitter_user.username, f.reason.reason_type, f.reason_content])).toEqual([
      ['flagfran', SPAM, ''],
      ['flagsam', SOMETHING, 'Looks like an advert'],
    ]);
    // Pages past the end are empty, not an error.
    expect((await queue(moderator, data.count + 1)).list).toEqual([]);

    // Ignoring one flag handles the post's flags: it leaves the queue at once.
    const res = await review(moderator, { flag_id: item.flags[1].flag_id, operation_type: 'ignore_report' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await openFlagsOn(a)).toHaveLength(0);
    expect((await db().selectFrom('report').select('status').where('object_id', '=', a).execute()).map((r) => Number(r.status))).toEqual([3, 3]);
    expect((await queue(moderator)).count).toBe(data.count - 1);
    expect(Number((await db().selectFrom('answer').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status)).toBe(1);
    expect(await logged('flag.ignore', a)).toHaveLength(1);
    // Handled already: a second decision is refused, so its reviewer knows it did not apply.
    const late = await review(admin, { flag_id: item.flag_id, operation_type: 'delete_post' });
    expect(late.statusCode).toBe(400);
    expect(body(late).reason).toBe('error.report.already_handled');
    expect(Number((await db().selectFrom('answer').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status)).toBe(1);
  });

  it('refuses review calls of members, unknown flags and bad operations', async () => {
    const q = await ask();
    const flagId = await flagged(q);
    const res = await review(flagger, { flag_id: flagId, operation_type: 'delete_post' });
    expect(res.statusCode).toBe(403);
    expect((await review(author, { flag_id: flagId, operation_type: 'ignore_report' })).statusCode).toBe(403);
    expect((await api('PUT', '/report/review', undefined, { flag_id: flagId, operation_type: 'ignore_report' })).statusCode).toBe(401);
    expect((await api('GET', '/report/unreviewed/post', undefined)).statusCode).toBe(401);
    expect(Number((await question(q)).status)).toBe(1);
    expect((await review(moderator, { flag_id: '10080000000999999', operation_type: 'ignore_report' })).statusCode).toBe(404);
    expect((await review(moderator, { flag_id: q, operation_type: 'ignore_report' })).statusCode).toBe(404);
    const bad = await review(moderator, { flag_id: flagId, operation_type: 'burn_post' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['operation_type']);
    expect(await openFlagsOn(q)).toHaveLength(1);
  });

  it('deletes a flagged answer through the answer service: counts, timeline, event, log', async () => {
    const q = await ask();
    const a = await answer(q);
    expect(Number((await question(q)).answer_count)).toBe(1);
    const flagId = await flagged(a);
    const res = await review(moderator, { flag_id: flagId, operation_type: 'delete_post' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number((await db().selectFrom('answer').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status)).toBe(10);
    expect(Number((await question(q)).answer_count)).toBe(0);
    expect((await events(a, ACT.answerDeleted)).map((e) => String(e.user_id))).toEqual([moderator.id]);
    expect((await db().selectFrom('report').select(['status', 'flagged_type']).where('id', '=', flagId).executeTakeFirstOrThrow()).status).toBe(2);
    const [entry] = await logged('flag.delete', a);
    expect(entry).toMatchObject({ object_type: 'answer' });
    expect(String(entry!.staff_user_id)).toBe(moderator.id);
    expect(String(entry!.target_user_id)).toBe(author.id);
    // The log page links the deleted answer for staff, under its question.
    const log = body(await site.app.inject({ url: '/answer/admin/api/moderation/log?action=flag.delete', headers: { authorization: admin.token } })).data;
    const row = log.list.find((r: { object_id: string }) => r.object_id === a);
    expect(row.post).toMatchObject({ question_id: q, answer_id: a });
    expect(row.post.title).not.toBe('');
    // Visitors no longer see it.
    const page = body(await api('GET', `/answer/page?question_id=${q}`)).data.list as { id: string }[];
    expect(page.map((x) => toLongId(x.id))).not.toContain(a);
    await site.runtime.outbox.idle();
    await expectCountersExact(site);
  });

  it('deletes a flagged question and a flagged comment', async () => {
    const q = await ask();
    const before = Number((await db().selectFrom('user').select('question_count').where('id', '=', author.id).executeTakeFirstOrThrow()).question_count);
    expect((await review(admin, { flag_id: await flagged(q), operation_type: 'delete_post' })).statusCode).toBe(200);
    expect(Number((await question(q)).status)).toBe(10);
    expect(Number((await db().selectFrom('user').select('question_count').where('id', '=', author.id).executeTakeFirstOrThrow()).question_count)).toBe(before - 1);
    expect(await events(q, ACT.questionDeleted)).toHaveLength(1);
    const q2 = await ask();
    const c2 = await comment(q2, second);
    expect((await review(moderator, { flag_id: await flagged(c2), operation_type: 'delete_post' })).statusCode).toBe(200);
    expect(Number((await db().selectFrom('comment').select('status').where('id', '=', c2).executeTakeFirstOrThrow()).status)).toBe(10);
    expect(await logged('flag.delete', c2)).toHaveLength(1);
    await expectCountersExact(site);
  });

  it('closes a flagged question with a close reason, and only a question', async () => {
    const q = await ask();
    const a = await answer(q);
    const flagId = await flagged(q);
    let res = await review(moderator, { flag_id: flagId, operation_type: 'close_post' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['close_type']);
    res = await review(moderator, { flag_id: flagId, operation_type: 'close_post', close_type: DUPLICATE, close_msg: 'not a link' });
    expect(res.statusCode).toBe(400);
    expect(await openFlagsOn(q)).toHaveLength(1);
    res = await review(moderator, { flag_id: flagId, operation_type: 'close_post', close_type: COMMUNITY_SPECIFIC, close_msg: 'Off topic here' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number((await question(q)).status)).toBe(2);
    expect(await events(q, ACT.questionClosed)).toHaveLength(1);
    const [entry] = await logged('flag.close', q);
    expect(entry).toMatchObject({ reason: 'Off topic here' });
    expect(JSON.parse(entry!.detail)).toMatchObject({ close_type: COMMUNITY_SPECIFIC });

    const answerFlag = await flagged(a);
    res = await review(moderator, { flag_id: answerFlag, operation_type: 'close_post', close_type: COMMUNITY_SPECIFIC });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('error.report.operation_not_allowed');
    expect((await review(moderator, { flag_id: answerFlag, operation_type: 'unlist_post' })).statusCode).toBe(400);
    expect(await openFlagsOn(a)).toHaveLength(1);
  });

  it('unlists a flagged question: out of lists and its tag count, reachable by link', async () => {
    const q = await ask();
    const count = async () => Number((await db().selectFrom('tag').select('question_count').where('slug_name', '=', tagSlug).executeTakeFirstOrThrow()).question_count);
    const before = await count();
    const res = await review(moderator, { flag_id: await flagged(q), operation_type: 'unlist_post' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number((await question(q)).show)).toBe(2);
    expect(await count()).toBe(before - 1);
    expect(await events(q, ACT.questionHide)).toHaveLength(1);
    expect((await api('GET', `/question/info?id=${q}`)).statusCode).toBe(200);
    const list = body(await api('GET', '/question/page?order=newest&page_size=50')).data.list as { id: string }[];
    expect(list.map((x) => toLongId(x.id))).not.toContain(q);
    expect(await logged('flag.unlist', q)).toHaveLength(1);
    await expectCountersExact(site);
  });

  it('edits a flagged question, answer and comment at once, with revisions for posts', async () => {
    const q = await ask();
    const a = await answer(q);
    const c = await comment(a, second);
    let res = await review(moderator, { flag_id: await flagged(q), operation_type: 'edit_post', title: 'A cleaned up question title', content: 'Cleaned up body', tags: [{ slug_name: tagSlug }] });
    expect(res.statusCode, res.body).toBe(200);
    const edited = await question(q);
    expect(edited).toMatchObject({ title: 'A cleaned up question title', original_text: 'Cleaned up body' });
    expect(String(edited.last_edit_user_id)).toBe(moderator.id);
    expect((await events(q, ACT.questionEdited)).map((e) => String(e.user_id))).toEqual([moderator.id]);

    const answerFlag = await flagged(a);
    res = await review(moderator, { flag_id: answerFlag, operation_type: 'edit_post', content: '' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['content']);
    res = await review(moderator, { flag_id: answerFlag, operation_type: 'edit_post', content: 'A better answer without the advert.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await db().selectFrom('answer').select('original_text').where('id', '=', a).executeTakeFirstOrThrow()).original_text).toBe('A better answer without the advert.');
    expect(await db().selectFrom('revision').select('id').where('object_id', '=', a).where('user_id', '=', moderator.id).execute()).toHaveLength(1);

    // A moderator edits someone else's comment (upstream silently did nothing).
    res = await review(moderator, { flag_id: await flagged(c), operation_type: 'edit_post', content: 'A kinder comment' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('comment').select(['original_text', 'parsed_text']).where('id', '=', c).executeTakeFirstOrThrow();
    expect(row.original_text).toBe('A kinder comment');
    expect(row.parsed_text).toContain('A kinder comment');
    expect(await logged('flag.edit', c)).toHaveLength(1);
    expect(await openFlagsOn(c)).toHaveLength(0);
    await expectCountersExact(site);
  });

  it('awards First Flag to the flagger', async () => {
    await site.runtime.outbox.idle();
    const awards = await db()
      .selectFrom('badge_award')
      .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
      .select('badge_award.user_id')
      .where('badge.handler', '=', 'FirstFlaggedPost')
      .execute();
    const users = awards.map((r) => String(r.user_id));
    expect(users).toContain(flagger.id);
    expect(users.filter((u) => u === flagger.id)).toHaveLength(1);
    expect(users).not.toContain(nobody.id);
  });
});

/** Upstream kept every repeated flag: the migration gives the key to the oldest of a user's pending repeats. */
describe.each(testDatabases())('open-flag migration on $name', ({ create }) => {
  let target: TestDatabase;
  let db: Db;
  const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const names = Object.keys(migrations);
  const before = names[names.indexOf('0013_open_flags') - 1]!;

  beforeAll(async () => {
    target = await create();
    db = createDb({ driver: target.driver, connection: target.connection });
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.drop();
  });

  it('keeps every flag, keys one open flag per user and object, and refuses a new repeat', async () => {
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const A = '10020000000000001';
    const B = '10020000000000002';
    const report = (n: number, userId: number, objectId: string, status: number) => ({
      id: `100800000000000${String(n).padStart(2, '0')}`,
      created_at: n,
      user_id: userId,
      object_id: objectId,
      reported_user_id: 9,
      object_type: 2,
      report_type: 57,
      status,
    });
    await db
      .insertInto('report')
      .values([report(1, 1, A, 2), report(2, 1, A, 1), report(3, 1, A, 1), report(4, 2, A, 1), report(5, 1, B, 1), report(6, 1, B, 3)] as never)
      .execute();

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('report').select(['id', 'status', 'open_object_id']).orderBy('id').execute();
    expect(rows.map((r) => [String(r.id).slice(-2), Number(r.status), r.open_object_id === null ? null : String(r.open_object_id)])).toEqual([
      ['01', 2, null],
      ['02', 1, A],
      ['03', 1, null],
      ['04', 1, A],
      ['05', 1, B],
      ['06', 3, null],
    ]);
    const again = await db
      .insertInto('report')
      .values({ ...report(7, 1, A, 1), open_object_id: A } as never)
      .execute()
      .then(() => null, (err: unknown) => err);
    expect(isUniqueViolation(again)).toBe(true);
    await db.insertInto('report').values({ ...report(8, 1, A, 2), open_object_id: null } as never).execute();
  });
});
