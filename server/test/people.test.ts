import type { PersonalAnswer, PersonalComment, PersonalQuestion, PersonalTop, PublicProfile, RankedUser, StaffUser, UserRanking } from '@answer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT } from '../src/features/activity/types.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Page<T> = { count: number; list: T[] };
const DAY = 86400;
const MODERATOR_ROLE = 3;

describe.each(dialectTargets())('people: directory, profiles and a person\'s posts on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let owner: User;
  let reader: User;
  let asker: User;
  const ownerName = 'peggyposter';
  const q: Record<'plain' | 'scored' | 'deleted' | 'unlisted' | 'pending' | 'other' | 'otherDeleted', string> = {} as never;
  const a: Record<'plain' | 'deleted' | 'onDeleted' | 'accepted', string> = {} as never;
  const c: Record<'onQuestion' | 'onAnswer' | 'deleted' | 'onDeletedQuestion' | 'onDeletedAnswer', string> = {} as never;

  const db = () => site.runtime.database;
  const now = () => Math.floor(Date.now() / 1000);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async <T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown): Promise<T> => {
    const res = await api(method, path, user, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return body<T>(res).data;
  };
  const ask = async (user: User, title: string) => (await ok('POST', '/question', user, { title, content: `Body of ${title}`, tags: [{ slug_name: 'people' }] })).id as string;
  const answer = async (user: User, questionId: string, text: string) => (await ok('POST', '/answer', user, { question_id: questionId, content: text })).info.id as string;
  const comment = async (user: User, objectId: string, text: string) => (await ok('POST', '/comment', user, { object_id: objectId, original_text: text })).comment_id as string;
  const questionsFor = async (user?: User, query = '') => ok<Page<PersonalQuestion>>('GET', `/personal/question/page?username=${ownerName}${query}`, user);
  const answersFor = async (user?: User, query = '') => ok<Page<PersonalAnswer>>('GET', `/personal/answer/page?username=${ownerName}${query}`, user);
  const commentsFor = async (user?: User, query = '') => ok<Page<PersonalComment>>('GET', `/personal/comment/page?username=${ownerName}${query}`, user);

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'modmonty', 1);
    await db().insertInto('user_role_rel').values({ user_id: moderator.id, role_id: MODERATOR_ROLE, created_at: now() }).execute();
    owner = await member(site, ownerName, 100);
    reader = await member(site, 'readerrita', 1);
    asker = await member(site, 'askerarno', 100);
    // The tag exists before members use it (creating one takes 750 reputation).
    await ask(admin, 'The admin creates the tag people use');

    q.plain = await ask(owner, 'A plain question of the owner');
    q.scored = await ask(owner, 'A well scored question of the owner');
    q.deleted = await ask(owner, 'A question the owner deletes later');
    q.unlisted = await ask(owner, 'A question a moderator unlists');
    q.pending = await ask(owner, 'A question still waiting for review');
    q.other = await ask(asker, 'Somebody else asks this question');
    q.otherDeleted = await ask(asker, 'Somebody else asks and it is deleted');

    a.plain = await answer(owner, q.other, 'The owner answers the other question');
    a.accepted = await answer(owner, q.scored, 'The owner answers their own question');
    a.deleted = await answer(owner, q.plain, 'An answer the owner deletes');
    a.onDeleted = await answer(owner, q.otherDeleted, 'An answer on a question deleted later');
    await ok('POST', '/answer/acceptance', owner, { question_id: q.scored, answer_id: a.accepted });

    c.onQuestion = await comment(owner, q.plain, 'Comment on the plain question');
    c.onAnswer = await comment(owner, a.plain, 'Comment on the owner answer');
    c.deleted = await comment(owner, q.other, 'A comment the owner deletes');
    c.onDeletedQuestion = await comment(owner, q.otherDeleted, 'Comment on a question deleted later');
    c.onDeletedAnswer = await comment(owner, a.deleted, 'Comment on an answer deleted later');

    await ok('DELETE', '/comment', owner, { comment_id: c.deleted });
    await ok('DELETE', '/answer', owner, { id: a.deleted });
    await ok('DELETE', '/question', owner, { id: q.deleted });
    await ok('DELETE', '/question', asker, { id: q.otherDeleted });
    await ok('PUT', '/question/operation', moderator, { id: q.unlisted, operation: 'hide' });
    await db().updateTable('question').set({ status: 11 }).where('id', '=', q.pending).execute();
    // Scores decide the "score" order and qa/top; set directly so the order is known.
    await db().updateTable('question').set({ vote_count: 7 }).where('id', '=', q.scored).execute();
    await db().updateTable('question').set({ vote_count: 9 }).where('id', 'in', [q.deleted, q.unlisted, q.pending]).execute();
    await db().updateTable('answer').set({ vote_count: 4 }).where('id', '=', a.accepted).execute();
    await db().updateTable('answer').set({ vote_count: 9 }).where('id', 'in', [a.deleted, a.onDeleted]).execute();
    await db().updateTable('comment').set({ vote_count: 3 }).where('id', '=', c.onAnswer).execute();
  });
  afterAll(async () => stop?.());

  describe('a person\'s questions', () => {
    it('shows visitors and members only listed, live questions, newest first', async () => {
      for (const viewer of [undefined, reader]) {
        const page = await questionsFor(viewer);
        expect(page.list.map((i) => i.question_id)).toEqual([q.scored, q.plain]);
        expect(page.count).toBe(2);
      }
      const item = (await questionsFor()).list[0]!;
      expect(item).toMatchObject({
        id: q.scored,
        title: 'A well scored question of the owner',
        url_title: 'a-well-scored-question-of-the-owner',
        vote_count: 7,
        answer_count: 1,
        accepted_answer_id: a.accepted,
        status: 'available',
        show: 1,
        tags: [{ slug_name: 'people' }],
      });
      expect(item.created_at).toBeGreaterThan(0);
    });

    it('shows the owner, moderators and admins their deleted, unlisted and pending questions', async () => {
      for (const viewer of [owner, moderator, admin]) {
        const page = await questionsFor(viewer);
        expect(page.count).toBe(5);
        expect(new Set(page.list.map((i) => i.question_id))).toEqual(new Set([q.plain, q.scored, q.deleted, q.unlisted, q.pending]));
        const status = Object.fromEntries(page.list.map((i) => [i.question_id, [i.status, i.show]]));
        expect(status[q.deleted]).toEqual(['deleted', 1]);
        expect(status[q.pending]).toEqual(['pending', 1]);
        expect(status[q.unlisted]).toEqual(['available', 2]);
      }
    });

    it('orders by score and pages', async () => {
      expect((await questionsFor(undefined, '&order=score')).list.map((i) => i.question_id)).toEqual([q.scored, q.plain]);
      const first = await questionsFor(owner, '&order=score&page_size=2');
      expect(first.count).toBe(5);
      expect(first.list).toHaveLength(2);
      expect(first.list.every((i) => i.vote_count === 9)).toBe(true);
      const third = await questionsFor(owner, '&order=score&page_size=2&page=3');
      expect(third.list.map((i) => i.question_id)).toEqual([q.plain]);
      expect((await questionsFor(owner, '&order=newest&page=9')).list).toEqual([]);
    });
  });

  describe('a person\'s answers', () => {
    it('hides deleted answers and answers on deleted questions from visitors and members', async () => {
      for (const viewer of [undefined, reader]) {
        const page = await answersFor(viewer);
        expect(page.list.map((i) => i.answer_id)).toEqual([a.accepted, a.plain]);
        expect(page.count).toBe(2);
      }
      const accepted = (await answersFor()).list[0]!;
      expect(accepted).toMatchObject({
        question_id: q.scored,
        accepted: 2,
        vote_count: 4,
        status: 'available',
        question_info: { title: 'A well scored question of the owner', url_title: 'a-well-scored-question-of-the-owner', tags: [{ slug_name: 'people' }] },
      });
      expect(accepted.create_time).toBeGreaterThan(0);
    });

    it('shows the owner their deleted answer, but not their answer on somebody else\'s deleted question', async () => {
      const page = await answersFor(owner);
      expect(new Set(page.list.map((i) => i.answer_id))).toEqual(new Set([a.plain, a.accepted, a.deleted]));
      expect(page.list.find((i) => i.answer_id === a.deleted)?.status).toBe('deleted');
      expect(page.count).toBe(3);
    });

    it('shows moderators and admins every answer', async () => {
      for (const viewer of [moderator, admin]) {
        const page = await answersFor(viewer, '&order=score');
        expect(page.count).toBe(4);
        expect(page.list.slice(2).map((i) => i.answer_id)).toEqual([a.accepted, a.plain]);
      }
    });
  });

  describe('a person\'s comments', () => {
    it('lists live comments on posts the viewer may see', async () => {
      for (const viewer of [undefined, reader]) {
        const page = await commentsFor(viewer);
        expect(page.list.map((i) => i.comment_id)).toEqual([c.onAnswer, c.onQuestion]);
        expect(page.count).toBe(2);
      }
      // The owner sees the comment under their own deleted answer, not under somebody else's deleted question.
      expect((await commentsFor(owner)).list.map((i) => i.comment_id)).toEqual([c.onDeletedAnswer, c.onAnswer, c.onQuestion]);
      const [onAnswer, onQuestion] = (await commentsFor()).list;
      expect(onAnswer).toMatchObject({ object_type: 'answer', object_id: a.plain, answer_id: a.plain, question_id: q.other, title: 'Somebody else asks this question', url_title: 'somebody-else-asks-this-question', content: 'Comment on the owner answer' });
      expect(onQuestion).toMatchObject({ object_type: 'question', object_id: q.plain, answer_id: '', question_id: q.plain, content: 'Comment on the plain question' });
    });

    it('shows moderators comments on deleted posts too, and orders by score', async () => {
      for (const viewer of [moderator, admin]) {
        const page = await commentsFor(viewer, '&order=score');
        expect(page.count).toBe(4);
        expect(page.list[0]!.comment_id).toBe(c.onAnswer);
        expect(new Set(page.list.map((i) => i.comment_id))).toEqual(new Set([c.onAnswer, c.onQuestion, c.onDeletedQuestion, c.onDeletedAnswer]));
      }
      expect((await commentsFor(admin, '&page_size=1&page=2')).list).toHaveLength(1);
    });
  });

  it('lists the top five questions and answers by score, as each viewer may see them', async () => {
    const visitor = await ok<PersonalTop>('GET', `/personal/qa/top?username=${ownerName}`);
    expect(visitor.question.map((i) => i.question_id)).toEqual([q.scored, q.plain]);
    expect(visitor.answer.map((i) => i.answer_id)).toEqual([a.accepted, a.plain]);
    const staff = await ok<PersonalTop>('GET', `/personal/qa/top?username=${ownerName}`, admin);
    expect(staff.question).toHaveLength(5);
    expect(staff.answer.map((i) => i.answer_id).slice(2)).toEqual([a.accepted, a.plain]);
  });

  describe('profiles', () => {
    it('shows a public profile flat in data, in upstream\'s field set, without the e-mail address, with the bio rendered safely', async () => {
      await db().updateTable('user').set({ bio: 'I write **answers** <script>alert(1)</script>', bio_html: '<script>alert(1)</script>', website: 'https://example.com', location: 'Lisbon', display_name: 'Peggy P', mobile: '+351 000' }).where('id', '=', owner.id).execute();
      const res = await api('GET', `/personal/user/info?username=${ownerName}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('@example.com');
      // Upstream's service hands its GetOtherUserInfoByUsernameResp to the envelope as is: the 1.4 client reads data.username.
      const info = body<PublicProfile>(res).data;
      expect(info).not.toHaveProperty('info');
      expect(Object.keys(info).sort()).toEqual(
        ['answer_count', 'avatar', 'bio', 'bio_html', 'created_at', 'display_name', 'follow_count', 'id', 'last_login_date', 'location', 'mobile', 'question_count', 'rank', 'status', 'username', 'website'],
      );
      expect(info).toMatchObject({
        id: owner.id,
        username: ownerName,
        display_name: 'Peggy P',
        rank: 100,
        website: 'https://example.com',
        location: 'Lisbon',
        mobile: '',
        status: 'normal',
      });
      expect(info.bio_html).toContain('<strong>answers</strong>');
      expect(info.bio_html).not.toContain('<script');
      expect(info.created_at).toBeGreaterThan(0);
      const counts = await db().selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', owner.id).executeTakeFirstOrThrow();
      expect([info.question_count, info.answer_count]).toEqual([Number(counts.question_count), Number(counts.answer_count)]);
    });

    it('says a suspended or inactive account is so, and treats a deleted one as unknown', async () => {
      const suspended = await member(site, 'suspendedsam', 1);
      await db().updateTable('user').set({ status: 9 }).where('id', '=', suspended.id).execute();
      const info = await ok<PublicProfile>('GET', '/personal/user/info?username=suspendedsam');
      expect(info.status).toBe('suspended');
      expect(info.status_msg).toMatch(/suspended/);

      const unconfirmed = await member(site, 'unconfirmedula', 1);
      await db().updateTable('user').set({ mail_status: 2 }).where('id', '=', unconfirmed.id).execute();
      const inactive = await ok<PublicProfile>('GET', '/personal/user/info?username=unconfirmedula');
      expect(inactive.status).toBe('inactive');
      expect(inactive.status_msg).toMatch(/not activated/);

      const gone = await member(site, 'deleteddora', 1);
      await ask(gone, 'A question by an account deleted later');
      await db().updateTable('user').set({ status: 10 }).where('id', '=', gone.id).execute();
      for (const path of ['/personal/user/info', '/personal/qa/top', '/personal/question/page', '/personal/answer/page', '/personal/comment/page', '/personal/rank/page']) {
        const res = await api('GET', `${path}?username=deleteddora`, admin);
        expect(res.statusCode, path).toBe(404);
        expect(body(res).reason).toBe('error.user.not_found');
      }
    });

    it('answers bad input with field errors and unknown people with 404', async () => {
      for (const path of ['/personal/user/info', '/personal/qa/top', '/personal/question/page', '/personal/answer/page', '/personal/comment/page']) {
        const missing = await api('GET', path);
        expect(missing.statusCode, path).toBe(400);
        expect(body(missing).data[0].error_field).toBe('username');
        const control = await api('GET', `${path}?username=a%01b`);
        expect(control.statusCode, path).toBe(400);
        expect((await api('GET', `${path}?username=nobody-at-all`)).statusCode, path).toBe(404);
      }
      const badOrder = await api('GET', `/personal/question/page?username=${ownerName}&order=loudest`);
      expect(badOrder.statusCode).toBe(400);
      expect(body(badOrder).data[0].error_field).toBe('order');
      expect((await api('GET', `/personal/answer/page?username=${ownerName}&page=abc`)).statusCode).toBe(400);
      expect((await answersFor(undefined, '&page_size=100000')).list).toHaveLength(2);
    });
  });

  describe('the user directory', () => {
    it('ranks reputation gained, votes and edits over the last 7 days only, each person once, without deleted accounts', async () => {
      const gainer = await member(site, 'gainergus', 1);
      const editor = await member(site, 'editoredna', 1);
      const oldTimer = await member(site, 'oldtimerotto', 1);
      const voterV = await member(site, 'votervera', 1);
      const goneG = await member(site, 'gonegina', 1);
      await db().updateTable('user').set({ status: 10 }).where('id', '=', goneG.id).execute();
      const t = now();
      const row = (userId: string, type: number, rank: number, createdAt: number, extra: { cancelled?: number } = {}) => ({
        created_at: createdAt,
        user_id: userId,
        object_id: q.plain,
        activity_type: type,
        rank,
        has_rank: rank !== 0 ? 1 : 0,
        cancelled: extra.cancelled ?? 0,
      });
      await db()
        .insertInto('activity')
        .values([
          row(gainer.id, ACT.answerVotedUp, 5000, t - 3600),
          row(gainer.id, ACT.answerVotedUp, 10, t - 6 * DAY),
          // Old gains and undone gains do not count.
          row(oldTimer.id, ACT.answerVotedUp, 90000, t - 8 * DAY),
          row(oldTimer.id, ACT.answerVotedUp, 90000, t - 60, { cancelled: 1 }),
          // Votes cast (no reputation) put a person on the vote list.
          ...Array.from({ length: 30 }, (_, i) => row(voterV.id, ACT.questionVoteUp, 0, t - i * 60)),
          row(voterV.id, ACT.questionVoteUp, 0, t - 9 * DAY),
          row(goneG.id, ACT.answerVotedUp, 80000, t - 60),
          ...Array.from({ length: 40 }, () => row(goneG.id, ACT.questionVoteUp, 0, t - 60)),
          // Edits applied put a person on the editors list; last month's do not.
          ...Array.from({ length: 25 }, (_, i) => row(editor.id, i % 2 ? ACT.questionEdited : ACT.tagEdited, 0, t - i * 60)),
          ...Array.from({ length: 50 }, () => row(oldTimer.id, ACT.answerEdited, 0, t - 8 * DAY)),
        ])
        .execute();

      const ranking = await ok<UserRanking>('GET', '/user/ranking');
      const names = (list: RankedUser[]) => list.map((u) => u.username);
      expect(ranking.users_with_the_most_reputation[0]).toMatchObject({ username: 'gainergus', rank: 5010, vote_count: 0, display_name: 'gainergus' });
      expect(names(ranking.users_with_the_most_vote)[0]).toBe('votervera');
      expect(ranking.users_with_the_most_vote[0]!.vote_count).toBe(30);
      expect(ranking.users_with_the_most_edits[0]).toMatchObject({ username: 'editoredna', edit_count: 25, vote_count: 0 });
      const everyone = [
        ...ranking.users_with_the_most_reputation,
        ...ranking.users_with_the_most_vote,
        ...ranking.users_with_the_most_edits,
        ...ranking.staffs,
      ].map((u) => u.username);
      expect(everyone).not.toContain('oldtimerotto');
      expect(everyone.filter((n) => n.startsWith('gonegina') || n.startsWith('user'))).toEqual([]);
      expect(new Set(everyone).size).toBe(everyone.length);
      expect(ranking.users_with_the_most_reputation.length).toBeLessThanOrEqual(20);
      // Staff: the admin and the moderator, unless a busier list already named them.
      for (const staff of ['admin', 'modmonty']) expect(everyone).toContain(staff);
      expect(names(ranking.staffs).every((n) => ['admin', 'modmonty'].includes(n))).toBe(true);
      expect((await api('GET', '/user/ranking', reader)).statusCode).toBe(200);
    });

    it('finds staff by the start of their name for @-mentions', async () => {
      const found = await ok<StaffUser[]>('GET', '/user/staff?username=mod&page_size=10');
      expect(found).toEqual([{ username: 'modmonty', display_name: 'modmonty', avatar: expect.any(String) }]);
      expect((await ok<StaffUser[]>('GET', '/user/staff?username=reader')).length).toBe(0);
      expect((await ok<StaffUser[]>('GET', '/user/staff')).map((u) => u.username).sort()).toEqual(['admin', 'modmonty']);
      expect((await ok<StaffUser[]>('GET', '/user/staff?page_size=1')).length).toBe(1);
      expect((await api('GET', '/user/staff?username=%00')).statusCode).toBe(400);
      expect((await api('GET', '/user/staff?page_size=lots')).statusCode).toBe(400);
    });
  });
});
