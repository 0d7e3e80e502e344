import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

describe.each(targets)('following questions and tags on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let reader: User;
  let questionId: string;
  let tagId: string;

  const api = (method: 'GET' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const follow = (user: User, id: string, cancel = false) => api('POST', '/follow', user, { object_id: id, is_cancel: cancel });
  const info = async (user: User) => body(await api('GET', `/question/info?id=${questionId}`, user)).data;

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    author = await member(site, 'followauthor', 200);
    reader = await member(site, 'followreader', 1);
    questionId = body(await api('POST', '/question', author, { title: 'A question to follow', content: 'Question body', tags: [{ slug_name: 'support' }] })).data.id;
    tagId = String((await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => stop?.());

  it('follows and unfollows a question, which the question page reflects', async () => {
    const on = await follow(reader, questionId);
    expect(on.statusCode).toBe(200);
    expect(body(on).data).toEqual({ follows: 1, is_followed: true });
    expect(await info(reader)).toMatchObject({ is_followed: true, follow_count: 1 });
    expect(await info(author)).toMatchObject({ is_followed: false, follow_count: 1 });
    expect(body(await follow(reader, questionId)).data).toEqual({ follows: 1, is_followed: true });
    expect(body(await follow(reader, questionId, true)).data).toEqual({ follows: 0, is_followed: false });
    expect(body(await follow(reader, questionId, true)).data).toEqual({ follows: 0, is_followed: false });
    expect(await info(reader)).toMatchObject({ is_followed: false, follow_count: 0 });
  });

  it('follows a tag and keeps its follow_count', async () => {
    expect(body(await follow(reader, tagId)).data).toEqual({ follows: 1, is_followed: true });
    expect(body(await follow(author, tagId)).data).toEqual({ follows: 2, is_followed: true });
    const row = await site.runtime.database.selectFrom('tag').select('follow_count').where('id', '=', tagId).executeTakeFirstOrThrow();
    expect(Number(row.follow_count)).toBe(2);
    expect(body(await follow(author, tagId, true)).data).toEqual({ follows: 1, is_followed: false });
  });

  it('counts 20 simultaneous identical follows once', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => follow(author, questionId)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await info(author)).follow_count).toBe(1);
    await expectCountersExact(site);
  });

  it('refuses visitors, unknown objects and bad input with the envelope', async () => {
    expect((await site.app.inject({ method: 'POST', url: '/answer/api/v1/follow', payload: { object_id: questionId } })).statusCode).toBe(401);
    expect((await follow(reader, '10010000000999999')).statusCode).toBe(404);
    expect((await follow(reader, 'nonsense')).statusCode).toBe(404);
    const bad = await api('POST', '/follow', reader, { object_id: questionId, is_cancel: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('is_cancel');
    expect((await api('POST', '/follow', reader, {})).statusCode).toBe(400);
  });
});
