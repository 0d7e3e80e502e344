import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();

describe.each(targets)('the recommended question feed on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let reader: User;
  let other: User;
  let admin: User;
  const q: Record<string, string> = {};

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  let titles = 0;
  const ask = async (user: User, tags: string[]) => {
    titles += 1;
    const res = await api('POST', '/question', user, { title: `Feed question number ${titles}`, content: 'Some body for the feed.', tags: tags.map((slug_name) => ({ slug_name })) });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.id as string;
  };
  const feed = async (query = 'page_size=50', user = reader) => {
    const res = await api('GET', `/question/recommend/page?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as { count: number; list: { id: string; tags: { slug_name: string }[]; operation_type: string; vote_count: number }[] };
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    reader = await member(site, 'feedreader', 1);
    other = await member(site, 'feedother', 100000);
    for (const slug of ['followed', 'unfollowed', 'also-followed']) {
      expect((await api('POST', '/tag', admin, { slug_name: slug, display_name: slug, original_text: slug })).statusCode).toBe(200);
    }
    const main = await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', 'followed').executeTakeFirstOrThrow();
    expect((await api('PUT', '/tag/synonym', admin, { tag_id: String(main.id), synonym_tag_list: [{ slug_name: 'followed-alias' }] })).statusCode).toBe(200);
    expect((await api('PUT', '/follow/tags', reader, { slug_name_list: ['followed', 'also-followed'] })).statusCode).toBe(200);

    q.inTag = await ask(other, ['followed']);
    q.inSynonym = await ask(other, ['followed-alias']);
    q.inSecondTag = await ask(other, ['also-followed', 'unfollowed']);
    q.own = await ask(reader, ['followed']);
    q.answered = await ask(other, ['followed']);
    expect((await api('POST', '/answer', reader, { question_id: q.answered, content: 'An answer by the reader.' })).statusCode).toBe(200);
    q.elsewhere = await ask(other, ['unfollowed']);
    q.followedQuestion = await ask(other, ['unfollowed']);
    expect((await api('POST', '/follow', reader, { object_id: q.followedQuestion })).statusCode).toBe(200);
    q.deleted = await ask(other, ['followed']);
    expect((await api('DELETE', '/question', admin, { id: q.deleted })).statusCode).toBe(200);
  });
  afterAll(async () => stop?.());

  it('refuses visitors', async () => {
    const res = await api('GET', '/question/recommend/page');
    expect(res.statusCode).toBe(401);
  });

  it('holds followed questions and others’ unanswered questions in followed tags and their synonyms', async () => {
    const { count, list } = await feed();
    const ids = list.map((item) => item.id);
    expect(ids.sort()).toEqual([q.inTag, q.inSynonym, q.inSecondTag, q.followedQuestion].sort());
    expect(count).toBe(4);
    const item = list.find((i) => i.id === q.inSecondTag)!;
    expect(item.tags.map((t) => t.slug_name)).toEqual(['also-followed', 'unfollowed']);
    expect(item).toMatchObject({ operation_type: 'asked', vote_count: 0 });
  });

  it('follows the orders, the tag filter and paging of the question list', async () => {
    const newest = (await feed('order=newest&page_size=50')).list.map((i) => i.id);
    expect(newest).toEqual([q.followedQuestion, q.inSecondTag, q.inSynonym, q.inTag]);
    const first = await feed('order=newest&page_size=3&page=1');
    const second = await feed('order=newest&page_size=3&page=2');
    expect(first.count).toBe(4);
    expect([...first.list, ...second.list].map((i) => i.id)).toEqual(newest);
    expect((await feed('tag=followed&page_size=50')).list.map((i) => i.id).sort()).toEqual([q.inTag, q.inSynonym].sort());
    expect((await feed('tag=nothing-like-this')).list).toEqual([]);
    expect((await api('GET', '/question/recommend/page?order=sideways', reader)).statusCode).toBe(400);
  });

  it('is empty for someone who follows nothing', async () => {
    const stranger = await member(site, 'feedstranger', 1);
    expect(await feed('page_size=50', stranger)).toEqual({ count: 0, list: [] });
  });
});
