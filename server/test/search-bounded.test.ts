import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HITS } from '../src/features/search/queries.js';
import { seedDemo } from '../src/features/seed/demo.js';
import { changedQuestionLists } from '../src/features/question/list-cache.js';
import { body, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn } from './support/dialect-sites.js';

interface Item {
  object_type: 'question' | 'answer';
  object: { id: string; question_id: string; title: string; created_at: number };
}

/**
 * A search reads a bounded number of matches (features/search/queries.ts): with a word in many
 * more posts than MAX_HITS, the count stops there, the pages end there, and the questions holding
 * the word in their title still come first, the old ones too.
 */
describe.each(dialectTargets())('bounded search on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  const WORD = 'database';
  const search = async (extra: string) =>
    body<{ count: number; list: Item[] }>(await site.app.inject({ url: `/answer/api/v1/search?q=${WORD}${extra}` })).data;

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    // About two posts in five of the demo data hold any one word of its vocabulary in their text.
    await seedDemo(site.runtime.database, { questions: 700, users: 20 });
  });
  afterAll(async () => stop());

  it('counts up to the bound and pages no further', async () => {
    const db = site.runtime.database;
    const holding = await db.selectFrom('question').select('id').where('original_text', 'like', `%${WORD}%`).execute();
    expect(holding.length).toBeGreaterThan(MAX_HITS);
    const first = await search('&size=50');
    expect(first.count).toBe(MAX_HITS);
    expect(first.list).toHaveLength(50);
    expect((await search(`&size=50&page=${MAX_HITS / 50}`)).list).toHaveLength(50);
    expect((await search(`&size=50&page=${MAX_HITS / 50 + 1}`)).list).toEqual([]);
    expect((await search('&size=50&order=newest')).count).toBe(MAX_HITS);
  });

  it('puts every question with the word in its title first, older than the other hits or not', async () => {
    const db = site.runtime.database;
    const titled = (await db.selectFrom('question').select('id').where('title', 'like', `%${WORD}%`).execute()).map((r) => String(r.id));
    expect(titled.length).toBeGreaterThan(3);
    const hits: Item[] = [];
    for (let page = 1; page <= MAX_HITS / 50; page++) hits.push(...(await search(`&size=50&page=${page}`)).list);
    const leading = hits.slice(0, titled.length);
    expect(leading.every((h) => h.object_type === 'question')).toBe(true);
    expect(leading.map((h) => h.object.id).sort()).toEqual([...titled].sort());
    // Some are older than every other question found (more than MAX_HITS questions hold the word):
    // the titles' own index found them.
    const others = hits.slice(titled.length).filter((h) => h.object_type === 'question');
    const oldestOther = others.reduce((min, h) => (h.object.id < min ? h.object.id : min), others[0]!.object.id);
    expect(titled.some((id) => id < oldestOther)).toBe(true);
  });

  it('counts searches by tag or person exactly below the bound', async () => {
    const db = site.runtime.database;
    const count = async (q: string) => body<{ count: number }>(await site.app.inject({ url: `/answer/api/v1/search?q=${encodeURIComponent(q)}` })).data.count;
    const tag = await db.selectFrom('tag').select(['id', 'slug_name']).where('question_count', '>', 0).orderBy('question_count').executeTakeFirstOrThrow();
    const tagged = (await db.selectFrom('tag_rel').select('object_id').where('tag_id', '=', tag.id).where('status', '=', 1).execute()).map((r) => String(r.object_id));
    const answers = await db.selectFrom('answer').select('id').where('question_id', 'in', tagged).where('status', '=', 1).execute();
    expect(await count(`[${tag.slug_name}]`)).toBe(Math.min(MAX_HITS, tagged.length + answers.length));
    const person = await db.selectFrom('user').select(['id', 'username']).where('username', 'like', 'demo%').executeTakeFirstOrThrow();
    const own = async (table: 'question' | 'answer') => (await db.selectFrom(table).select('id').where('user_id', '=', person.id).execute()).length;
    expect(await count(`user:${person.username}`)).toBe(Math.min(MAX_HITS, (await own('question')) + (await own('answer'))));
  });

  it('ranks a rare word by relevance before votes', async () => {
    const admin = await adminOf(site);
    const ask = async (title: string, content: string) => {
      const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/question', headers: { authorization: admin.token }, payload: { title, content, tags: [{ slug_name: 'fruit' }] } });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.json().data.id);
    };
    await ask('First fruit question here', 'Kumquat kumquat kumquat, the kumquat tree and its kumquat.');
    const voted = await ask('Second fruit question here', 'A long text about gardens and many other things, where kumquat appears once among plenty of words about soil, water, light, seasons and tools.');
    await site.runtime.database.updateTable('question').set({ vote_count: 10 }).where('id', '=', voted).execute();
    await changedQuestionLists(site.runtime);
    const titles = (await body<{ list: Item[] }>(await site.app.inject({ url: '/answer/api/v1/search?q=kumquat' })).data.list).map((i) => i.object.title);
    expect(titles).toEqual(['First fruit question here', 'Second fruit question here']);
  });
});
