import { answerPageQuery, commentPageQuery } from '@answer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/core/guardian.js';
import { resolveSession } from '../src/core/session.js';
import { anonymousAnswerPage, answerPage, loadAnswerPage, withViewer as answersWithViewer } from '../src/features/answer/list.js';
import { anonymousCommentPage, commentPage, loadCommentPage, withViewer as commentsWithViewer } from '../src/features/comment/list.js';
import { anonymousQuestionInfo, loadQuestionInfo, questionInfo, withViewer as questionWithViewer } from '../src/features/question/info.js';
import { ADMIN, login, member, type TestSite } from './support/app.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * Signed-in readers get the visitors' cached question, answers and comments with their own marks
 * and actions laid over them. That must be byte for byte what the full build gives each of them,
 * whatever their role, and one reader's marks must never reach another.
 */
describe.each(dialectTargets())('signed-in readers over the visitors’ cache on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let asker: User;
  let answerer: User;
  let marker: User;
  let other: User;
  let newcomer: User;
  let moderator: User;
  let admin: User;
  let questionId: string;
  const answerIds: string[] = [];
  const commentIds: string[] = [];
  const lang = 'en_US';

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, user: User | null, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
    return r.json().data;
  };
  const session = async (u: User) => (await resolveSession(site.runtime.database, u.token)) as SessionUser;
  const answersQuery = () => answerPageQuery.parse({ question_id: questionId });
  const commentsQuery = (objectId: string) => commentPageQuery.parse({ object_id: objectId, query_cond: 'vote', page: 1, page_size: 5 });

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    const suffix = name.replace(/\W/g, '');
    asker = await member(site, `asker${suffix}`, 200);
    answerer = await member(site, `answerer${suffix}`, 200);
    marker = await member(site, `marker${suffix}`, 200);
    other = await member(site, `other${suffix}`, 2000);
    newcomer = await member(site, `newcomer${suffix}`, 1);
    moderator = await member(site, `moderator${suffix}`, 1);
    const t = Math.floor(Date.now() / 1000);
    await site.runtime.database.deleteFrom('user_role_rel').where('user_id', '=', moderator.id).execute();
    await site.runtime.database.insertInto('user_role_rel').values({ user_id: moderator.id, role_id: 3, created_at: t, updated_at: t }).execute();
    const adminRow = await site.runtime.database.selectFrom('user').select('id').where('e_mail', '=', ADMIN.email).executeTakeFirstOrThrow();
    admin = { id: String(adminRow.id), token: await login(site, ADMIN.email, ADMIN.password) };

    questionId = (await ok(api('POST', '/question', asker, { title: 'How do overlays stay exact?', content: 'A question with answers and comments.', tags: [{ slug_name: 'support' }] }))).id;
    for (const [u, text] of [
      [answerer, 'The first answer, by the answerer.'],
      [marker, 'The marker answers too, to own an answer.'],
      [other, 'A third answer from someone else.'],
    ] as const) {
      answerIds.push((await ok(api('POST', '/answer', u, { question_id: questionId, content: text }))).info.id);
    }
    for (const [u, objectId, text] of [
      [answerer, questionId, 'A comment on the question by the answerer.'],
      [marker, questionId, 'A comment on the question by the marker.'],
      [asker, answerIds[0]!, 'The asker comments on the first answer.'],
    ] as const) {
      commentIds.push((await ok(api('POST', '/comment', u, { object_id: objectId, original_text: text }))).comment_id);
    }
    // The marker votes, bookmarks and follows everything it can.
    await ok(api('POST', '/vote/up', marker, { object_id: questionId }));
    await ok(api('POST', '/vote/down', marker, { object_id: answerIds[2] }));
    await ok(api('POST', '/vote/up', marker, { object_id: answerIds[0] }));
    await ok(api('POST', '/vote/up', marker, { object_id: commentIds[0] }));
    await ok(api('POST', '/vote/up', marker, { object_id: commentIds[2] }));
    await ok(api('POST', '/collection/switch', marker, { object_id: questionId, bookmark: true, group_id: '0' }));
    await ok(api('POST', '/collection/switch', marker, { object_id: answerIds[0], bookmark: true, group_id: '0' }));
    await ok(api('POST', '/follow', marker, { object_id: questionId, is_cancel: false }));
    // The asker accepts one, so an accepted answer is part of the page.
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerIds[0] }));
  });
  afterAll(async () => stop?.());

  const viewers = () => ({ asker, answerer, marker, other, newcomer, moderator, admin });

  it('question/info over the cache is byte for byte the full build, for every role', async () => {
    const shared = (await anonymousQuestionInfo(site.runtime, questionId, lang)).data;
    for (const [who, u] of Object.entries(viewers())) {
      const user = await session(u);
      const full = JSON.stringify(await loadQuestionInfo(site.runtime, questionId, user, lang));
      expect(JSON.stringify(await questionWithViewer(site.runtime, shared, questionId, user, lang)), who).toBe(full);
      expect(JSON.stringify(await questionInfo(site.runtime, questionId, user, lang)), who).toBe(full);
    }
    const marked = await questionInfo(site.runtime, questionId, await session(marker), lang);
    expect([marked.vote_status, marked.collected, marked.is_followed, marked.answered]).toEqual(['vote_up', true, true, true]);
    const plain = await questionInfo(site.runtime, questionId, await session(other), lang);
    expect([plain.vote_status, plain.collected, plain.is_followed]).toEqual(['', false, false]);
  });

  it('answer/page and comment/page over the cache are byte for byte the full build, for every role', async () => {
    const sharedAnswers = (await anonymousAnswerPage(site.runtime, answersQuery(), lang)).data;
    for (const [who, u] of Object.entries(viewers())) {
      const user = await session(u);
      const full = JSON.stringify(await loadAnswerPage(site.runtime, questionId, answersQuery(), user, lang));
      expect(JSON.stringify(await answersWithViewer(site.runtime, sharedAnswers, questionId, user, lang)), who).toBe(full);
      expect(JSON.stringify(await answerPage(site.runtime, answersQuery(), user, lang)), who).toBe(full);
      for (const objectId of [questionId, answerIds[0]!]) {
        const sharedComments = (await anonymousCommentPage(site.runtime, commentsQuery(objectId), lang)).data;
        const fullComments = JSON.stringify(await loadCommentPage(site.runtime, commentsQuery(objectId), user, lang));
        expect(JSON.stringify(await commentsWithViewer(site.runtime, sharedComments, user, lang)), who).toBe(fullComments);
        expect(JSON.stringify(await commentPage(site.runtime, commentsQuery(objectId), user, lang)), who).toBe(fullComments);
      }
    }
    const mine = await answerPage(site.runtime, answersQuery(), await session(marker), lang);
    expect(mine.list.map((a) => [a.vote_status, a.collected])).toEqual([
      ['vote_up', true],
      ['', false],
      ['vote_down', false],
    ]);
  });

  it('over HTTP a reader sees their own change at once and nobody else sees it', async () => {
    const read = async (u: User) => ({
      info: await ok(api('GET', `/question/info?id=${questionId}`, u)),
      answers: await ok(api('GET', `/answer/page?question_id=${questionId}`, u)),
      comments: await ok(api('GET', `/comment/page?object_id=${questionId}&query_cond=vote&page=1&page_size=5`, u)),
    });
    // Everyone reads first, so the visitors' pages are cached before the changes.
    for (const u of Object.values(viewers())) await read(u);
    const everyoneSeesTheFullBuild = async () => {
      for (const [who, u] of Object.entries(viewers())) {
        const seen = await read(u);
        const user = await session(u);
        expect(JSON.stringify(seen.info), who).toBe(JSON.stringify(await loadQuestionInfo(site.runtime, questionId, user, lang)));
        expect(JSON.stringify(seen.answers), who).toBe(JSON.stringify(await loadAnswerPage(site.runtime, questionId, answersQuery(), user, lang)));
        expect(JSON.stringify(seen.comments), who).toBe(JSON.stringify(await loadCommentPage(site.runtime, commentsQuery(questionId), user, lang)));
      }
    };
    // No post vote among these changes (votes renew every cached page, see below): follows and
    // bookmarks renew them too, comment votes renew the cached comment pages.
    for (const change of [
      () => api('POST', '/collection/switch', other, { object_id: questionId, bookmark: true, group_id: '0' }),
      () => api('POST', '/follow', other, { object_id: questionId, is_cancel: false }),
      () => api('POST', '/vote/up', other, { object_id: commentIds[1] }),
      () => api('POST', '/follow', marker, { object_id: questionId, is_cancel: true }),
    ]) {
      await ok(change());
      await everyoneSeesTheFullBuild();
    }
    const seenByOther = await read(other);
    expect([seenByOther.info.collected, seenByOther.info.is_followed]).toEqual([true, true]);
    expect(seenByOther.comments.list.find((c: { comment_id: string }) => c.comment_id === commentIds[1]).is_vote).toBe(true);
    expect((await read(marker)).info.is_followed).toBe(false);
    await everyoneSeesTheFullBuild();
    await ok(api('POST', '/vote/down', answerer, { object_id: answerIds[1] }));
    expect((await read(answerer)).answers.list.find((a: { id: string }) => a.id === answerIds[1]).vote_status).toBe('vote_down');
    expect((await read(other)).answers.list.find((a: { id: string }) => a.id === answerIds[1]).vote_status).toBe('');
    await everyoneSeesTheFullBuild();
  });

  it('a reader’s repeated reads get their stored page, with its ETag, until something on it changes', async () => {
    const get = (path: string, u: User, headers: Record<string, string> = {}) =>
      site.app.inject({ method: 'GET', url: `/answer/api/v1${path}`, headers: { authorization: u.token, ...headers } });
    for (const path of [`/question/info?id=${questionId}`, `/answer/page?question_id=${questionId}`]) {
      const first = await get(path, answerer);
      const again = await get(path, answerer);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await get(path, answerer, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      // Another reader has a page of their own.
      expect((await get(path, other)).headers.etag).not.toBe(first.headers.etag);
    }
    await ok(api('POST', '/collection/switch', answerer, { object_id: answerIds[0], bookmark: true, group_id: '0' }));
    expect((await ok(get(`/answer/page?question_id=${questionId}`, answerer))).list[0].collected).toBe(true);
    await ok(api('POST', '/follow', answerer, { object_id: questionId, is_cancel: false }));
    expect((await ok(get(`/question/info?id=${questionId}`, answerer))).is_followed).toBe(true);
  });

  it('what a reader may do follows their role and reputation at once, not their stored page', async () => {
    const user = await session(newcomer);
    for (const reader of [user, { ...user, rank: 100_000 }, { ...user, roleId: 3 }]) {
      expect(JSON.stringify(await questionInfo(site.runtime, questionId, reader, lang))).toBe(JSON.stringify(await loadQuestionInfo(site.runtime, questionId, reader, lang)));
      expect(JSON.stringify(await answerPage(site.runtime, answersQuery(), reader, lang))).toBe(
        JSON.stringify(await loadAnswerPage(site.runtime, questionId, answersQuery(), reader, lang)),
      );
    }
    const actions = async (reader: SessionUser) => (await questionInfo(site.runtime, questionId, reader, lang)).member_actions.map((a) => a.action);
    expect(await actions({ ...user, rank: 100_000 })).not.toEqual(await actions(user));
  });

  it('moderators, who see a deleted answer visitors do not, get their own answer page', async () => {
    await ok(api('DELETE', '/answer', other, { id: answerIds[2] }));
    const sharedAnswers = (await anonymousAnswerPage(site.runtime, answersQuery(), lang)).data;
    expect(sharedAnswers.list).toHaveLength(2);
    // Moderators see the deleted answer: the visitors' page is not theirs.
    expect(await answersWithViewer(site.runtime, sharedAnswers, questionId, await session(moderator), lang)).toBeUndefined();
    expect(await answersWithViewer(site.runtime, sharedAnswers, questionId, await session(admin), lang)).toBeUndefined();
    for (const [who, u] of Object.entries(viewers())) {
      const user = await session(u);
      const seen = await ok(api('GET', `/answer/page?question_id=${questionId}`, u));
      expect(JSON.stringify(seen), who).toBe(JSON.stringify(await loadAnswerPage(site.runtime, questionId, answersQuery(), user, lang)));
    }
    expect((await ok(api('GET', `/answer/page?question_id=${questionId}`, moderator))).list).toHaveLength(3);
    expect((await ok(api('GET', `/answer/page?question_id=${questionId}`, other))).list).toHaveLength(2);
  });
});
