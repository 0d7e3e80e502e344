import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT } from '../src/features/activity/types.js';
import { body, member, type TestSite } from './support/app.js';
import { expectCountersExact } from './support/counters.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const SLUGS = ['alpha', 'beta', 'gamma', 'delta'];

describe.each(targets)('the followed-tag set on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let reader: User;
  let other: User;
  const tagIds = new Map<string, string>();

  const api = (method: 'GET' | 'PUT' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const setTags = (user: User, list: unknown) => api('PUT', '/follow/tags', user, { slug_name_list: list });
  const following = async (user?: User) => {
    const res = await api('GET', '/tags/following', user);
    expect(res.statusCode).toBe(200);
    return (body(res).data as { slug_name: string }[]).map((t) => t.slug_name);
  };
  /** follow_count of every test tag, checked against the live follow rows it must equal. */
  const counts = async () => {
    const rows = await site.runtime.database.selectFrom('tag').select(['id', 'slug_name', 'follow_count']).where('slug_name', 'in', SLUGS).execute();
    const out: Record<string, number> = {};
    for (const row of rows) {
      const live = await site.runtime.database
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('object_id', '=', String(row.id))
        .where('activity_type', '=', ACT.tagFollow)
        .where('cancelled', '=', 0)
        .executeTakeFirstOrThrow();
      expect(Number(row.follow_count)).toBe(Number(live.n));
      out[row.slug_name] = Number(row.follow_count);
    }
    return out;
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    const creator = await member(site, 'tagcreator', 5000);
    reader = await member(site, 'tagreader', 1);
    other = await member(site, 'tagother', 1);
    const asked = await api('POST', '/question', creator, { title: 'A question with many tags', content: 'Body text', tags: SLUGS.map((slug_name) => ({ slug_name })) });
    expect(asked.statusCode).toBe(200);
    for (const row of await site.runtime.database.selectFrom('tag').select(['id', 'slug_name']).where('slug_name', 'in', SLUGS).execute()) {
      tagIds.set(row.slug_name, String(row.id));
    }
  });
  afterAll(async () => stop?.());

  it('replaces the whole set and keeps follow counts exact', async () => {
    expect((await setTags(reader, ['alpha', 'Beta'])).statusCode).toBe(200);
    expect(await following(reader)).toEqual(['alpha', 'beta']);
    expect(await counts()).toEqual({ alpha: 1, beta: 1, gamma: 0, delta: 0 });

    expect((await setTags(other, ['beta'])).statusCode).toBe(200);
    expect((await setTags(reader, ['beta', 'gamma'])).statusCode).toBe(200);
    expect(await following(reader)).toEqual(['beta', 'gamma']);
    expect(await counts()).toEqual({ alpha: 0, beta: 2, gamma: 1, delta: 0 });

    // A follow made one by one is part of the set the next replacement replaces.
    expect(body(await api('POST', '/follow', reader, { object_id: tagIds.get('delta') })).data).toEqual({ follows: 1, is_followed: true });
    expect(await following(reader)).toEqual(['beta', 'delta', 'gamma']);
    expect((await setTags(reader, [])).statusCode).toBe(200);
    expect(await following(reader)).toEqual([]);
    expect(await counts()).toEqual({ alpha: 0, beta: 1, gamma: 0, delta: 0 });
    const items = body(await api('GET', '/tags/following', other)).data;
    expect(items).toEqual([{ tag_id: tagIds.get('beta'), slug_name: 'beta', display_name: 'beta', main_tag_slug_name: '', recommend: false, reserved: false }]);
  });

  it('follows the main tag when given a synonym', async () => {
    await site.runtime.database.updateTable('tag').set({ main_tag_id: tagIds.get('alpha')!, main_tag_slug_name: 'alpha' }).where('slug_name', '=', 'delta').execute();
    expect((await setTags(reader, ['delta'])).statusCode).toBe(200);
    expect(await following(reader)).toEqual(['alpha']);
    await site.runtime.database.updateTable('tag').set({ main_tag_id: '0', main_tag_slug_name: '' }).where('slug_name', '=', 'delta').execute();
    expect((await setTags(reader, [])).statusCode).toBe(200);
  });

  it('stays exact when many replacements run at once', async () => {
    const crowd: User[] = [];
    for (let i = 0; i < 8; i++) crowd.push(await member(site, `tagcrowd${i}${name.replace(/\W/g, '')}`, 1));
    const sets = [['alpha'], ['alpha', 'beta'], ['gamma', 'alpha'], ['beta', 'gamma', 'delta']];
    const replies = await Promise.all(crowd.map((u, i) => setTags(u, sets[i % sets.length])));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(crowd.length).fill(200));
    expect((await counts()).alpha).toBe(6);

    // One person sending several sets at once (disjoint ones, the hardest case) ends with exactly one of them.
    const alone = SLUGS.map((slug) => [slug]);
    const mine = await Promise.all(alone.map((set) => setTags(reader, set)));
    expect(mine.map((r) => r.statusCode)).toEqual(Array(alone.length).fill(200));
    expect(await following(reader)).toHaveLength(1);
    await counts();
    await expectCountersExact(site);
  });

  it('refuses visitors, unknown tags and bad input; visitors follow nothing', async () => {
    expect((await api('PUT', '/follow/tags', undefined, { slug_name_list: ['alpha'] })).statusCode).toBe(401);
    expect(await following()).toEqual([]);
    const before = await following(other);
    const unknown = await setTags(other, ['alpha', 'no-such-tag']);
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).data[0]).toMatchObject({ error_field: 'slug_name_list' });
    expect(body(unknown).data[0].error_msg).toContain('no-such-tag');
    expect(await following(other)).toEqual(before);
    expect((await setTags(other, 'alpha')).statusCode).toBe(400);
    expect((await api('PUT', '/follow/tags', other, {})).statusCode).toBe(400);
  });
});
