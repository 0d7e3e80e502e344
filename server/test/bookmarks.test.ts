import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

describe.each(targets)('bookmarks (collection/switch) on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let reader: User;
  let questionId: string;

  const api = (method: 'GET' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const bookmark = (user: User, on: boolean, id = questionId) => api('POST', '/collection/switch', user, { object_id: id, bookmark: on, group_id: '0' });
  const info = async (user: User) => body(await api('GET', `/question/info?id=${questionId}`, user)).data;

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    author = await member(site, 'bookauthor', 200);
    reader = await member(site, 'bookreader', 1);
    questionId = body(await api('POST', '/question', author, { title: 'A question worth keeping', content: 'Question body', tags: [{ slug_name: 'support' }] })).data.id;
  });
  afterAll(async () => stop?.());

  it('bookmarks and un-bookmarks a question, which the question page reflects', async () => {
    const on = await bookmark(reader, true);
    expect(on.statusCode).toBe(200);
    expect(body(on).data).toEqual({ object_collection_count: 1 });
    expect(await info(reader)).toMatchObject({ collected: true, collection_count: 1 });
    expect(await info(author)).toMatchObject({ collected: false, collection_count: 1 });
    // Asking again changes nothing.
    expect(body(await bookmark(reader, true)).data.object_collection_count).toBe(1);
    expect(body(await bookmark(reader, false)).data.object_collection_count).toBe(0);
    expect(body(await bookmark(reader, false)).data.object_collection_count).toBe(0);
    expect(await info(reader)).toMatchObject({ collected: false, collection_count: 0 });
  });

  it('counts 20 simultaneous identical bookmarks once', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => bookmark(author, true)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await info(author)).collection_count).toBe(1);
    await expectCountersExact(site);
    await bookmark(author, false);
  });

  it('refuses visitors, unknown posts and bad input with the envelope', async () => {
    expect((await site.app.inject({ method: 'POST', url: '/answer/api/v1/collection/switch', payload: { object_id: questionId, bookmark: true } })).statusCode).toBe(401);
    expect((await bookmark(reader, true, '10010000000999999')).statusCode).toBe(404);
    expect((await bookmark(reader, true, 'not-an-id')).statusCode).toBe(404);
    const bad = await api('POST', '/collection/switch', reader, { object_id: questionId, bookmark: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('bookmark');
    expect((await api('POST', '/collection/switch', reader, {})).statusCode).toBe(400);
  });
});
