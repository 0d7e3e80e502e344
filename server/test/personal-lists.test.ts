import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateByEmail } from '../src/features/auth/activate-by-email.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Page<T> = { count: number; list: T[] };
type RankItem = { object_type: string; question_id: string; answer_id: string; title: string; reputation: number; rank_type: string; object_id: string };
type VoteItem = { object_type: string; object_id: string; title: string; vote_type: string };

describe.each(dialectTargets())('reputation history, own votes and bookmarks on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let voter: User;
  let admin: User;
  let authorName: string;
  let questionId: string;
  let answerId: string;
  let commentId: string;

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const page = async <T>(path: string, user?: User) => {
    const res = await api('GET', path, user);
    expect(res.statusCode, res.body).toBe(200);
    return body<Page<T>>(res).data;
  };
  const rankOf = async (u: User) => Number((await site.runtime.database.selectFrom('user').select('rank').where('id', '=', u.id).executeTakeFirstOrThrow()).rank);

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    authorName = `histauthor${name.replace(/\W/g, '')}`;
    author = await member(site, authorName, 100);
    voter = await member(site, `histvoter${name.replace(/\W/g, '')}`, 500);
    questionId = body(await api('POST', '/question', author, { title: 'Where does my reputation come from?', content: 'Question body', tags: [{ slug_name: 'support' }] })).data.id;
    answerId = body(await api('POST', '/answer', author, { question_id: questionId, content: 'Self answer body' })).data.info.id;
    const other = body(await api('POST', '/question', voter, { title: 'A question the author answers', content: 'Body', tags: [{ slug_name: 'support' }] })).data.id;
    const otherAnswer = body(await api('POST', '/answer', author, { question_id: other, content: 'An answer to accept' })).data.info.id;
    commentId = body(await api('POST', '/comment', author, { object_id: questionId, original_text: 'A comment to like' })).data.comment_id;

    expect((await api('POST', '/vote/up', voter, { object_id: questionId })).statusCode).toBe(200);
    expect((await api('POST', '/vote/down', voter, { object_id: answerId })).statusCode).toBe(200);
    expect((await api('POST', '/vote/up', voter, { object_id: commentId })).statusCode).toBe(200);
    expect((await api('POST', '/answer/acceptance', voter, { question_id: other, answer_id: otherAnswer })).statusCode).toBe(200);
    // A vote taken back leaves no trace in the history.
    expect((await api('POST', '/vote/up', admin, { object_id: otherAnswer })).statusCode).toBe(200);
    expect((await api('POST', '/vote/up', admin, { object_id: otherAnswer, is_cancel: true })).statusCode).toBe(200);
  });
  afterAll(async () => stop?.());

  it('lists every change of reputation, losses included, and they add up to the total', async () => {
    const history = await page<RankItem>(`/personal/rank/page?username=${authorName}`);
    expect(history.list.map((i) => [i.rank_type, i.reputation])).toEqual([
      ['accepted', 15],
      ['downvoted', -2],
      ['upvoted', 10],
    ]);
    expect(history.count).toBe(3);
    expect(history.list.reduce((s, i) => s + i.reputation, 0)).toBe((await rankOf(author)) - 100);
    const downvoted = history.list[1]!;
    expect(downvoted).toMatchObject({ object_type: 'answer', question_id: questionId, answer_id: answerId, title: 'Where does my reputation come from?' });
    expect(history.list[2]).toMatchObject({ object_type: 'question', object_id: questionId, answer_id: '' });
    // Anyone may read it; it is paged.
    const second = await page<RankItem>(`/personal/rank/page?username=${authorName}&page=2&page_size=2`);
    expect(second).toMatchObject({ count: 3, list: [{ rank_type: 'upvoted' }] });
  });

  it('names a change with no post behind it: the activation bonus', async () => {
    const newcomer = `histnew${name.replace(/\W/g, '')}`;
    const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/register/email', payload: { name: newcomer, e_mail: `${newcomer}@example.com`, pass: 'password-123' } });
    expect(res.statusCode, res.body).toBe(200);
    await activateByEmail(site.runtime.database, `${newcomer}@example.com`);
    const history = await page<RankItem>(`/personal/rank/page?username=${newcomer}`);
    expect(history.list).toMatchObject([{ object_id: '0', reputation: 1, rank_type: 'activated', title: 'Account activated', question_id: '' }]);
  });

  it('shows a deleted question as deleted in the history', async () => {
    expect((await api('DELETE', '/question', admin, { id: questionId })).statusCode).toBe(200);
    const history = await page<RankItem>(`/personal/rank/page?username=${authorName}`);
    expect(history.list.find((i) => i.object_id === questionId)?.title).toBe('[deleted question]');
    expect((await api('POST', '/question/recover', admin, { question_id: questionId })).statusCode).toBe(200);
  });

  it('lists my own votes on questions and answers, not on comments', async () => {
    const votes = await page<VoteItem>('/personal/vote/page', voter);
    expect(votes.count).toBe(2);
    expect(votes.list.map((v) => [v.object_type, v.object_id, v.vote_type])).toEqual([
      ['answer', answerId, 'downvote'],
      ['question', questionId, 'upvote'],
    ]);
    expect((await page<VoteItem>('/personal/vote/page', author)).count).toBe(0);
  });

  it('lists my bookmarked questions, newest first, without deleted ones', async () => {
    const second = body(await api('POST', '/question', author, { title: 'Another question worth keeping', content: 'Body', tags: [{ slug_name: 'support' }] })).data.id;
    for (const id of [questionId, second]) expect((await api('POST', '/collection/switch', voter, { object_id: id, bookmark: true })).statusCode).toBe(200);
    const mine = await page<{ id: string; title: string; create_time: number; user_info: { username: string } | null }>('/personal/collection/page', voter);
    expect(mine.list.map((q) => q.id)).toEqual([second, questionId]);
    // The 1.4 client's bookmarks tab shows each question's author and asked time from these two.
    expect(mine.list[0]!.user_info?.username).toBe(authorName);
    expect(mine.list[0]!.create_time).toBeGreaterThan(0);
    expect(mine.count).toBe(2);
    expect((await api('DELETE', '/question', admin, { id: second })).statusCode).toBe(200);
    expect((await page<{ id: string }>('/personal/collection/page', voter)).list.map((q) => q.id)).toEqual([questionId]);
  });

  it('answers bad requests with clear errors', async () => {
    expect((await api('GET', '/personal/vote/page')).statusCode).toBe(401);
    expect((await api('GET', '/personal/collection/page')).statusCode).toBe(401);
    const missing = await api('GET', '/personal/rank/page');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).data[0].error_field).toBe('username');
    expect((await api('GET', '/personal/rank/page?username=nobody-here')).statusCode).toBe(404);
    expect((await api('GET', '/personal/vote/page?page=abc', voter)).statusCode).toBe(400);
    // An enormous page is served at the largest allowed size.
    expect((await page<VoteItem>('/personal/vote/page?page_size=100000', voter)).list.length).toBe(2);
  });
});
