import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleWords } from '../src/features/question/queries.js';
import { member, type TestSite } from './support/app.js';
import { dialectTargets, siteOn } from './support/dialect-sites.js';

describe.each(dialectTargets())('title suggestions while asking on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let token: string;

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${url}`, headers: { authorization: token }, payload: payload as object });
  const similarTitles = async (title: string) =>
    ((await api('GET', `/question/similar?title=${encodeURIComponent(title)}`)).json().data as { title: string }[]).map((q) => q.title);

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    token = (await member(site, 'asker', 1000)).token;
    for (const title of ['How do I switch the database to PostgreSQL?', 'Where are uploaded images stored?', '如何配置邮件服务器']) {
      const res = await api('POST', '/question', { title, content: 'Some details about the problem.', tags: [{ slug_name: 'support' }] });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => stop());

  it('finds questions worded differently while the title is still being typed', async () => {
    expect(await similarTitles('Can I switch the database')).toEqual(['How do I switch the database to PostgreSQL?']);
    expect(await similarTitles('postgresql')).toEqual(['How do I switch the database to PostgreSQL?']);
    expect(await similarTitles('Where do images go')).toEqual(['Where are uploaded images stored?']);
  });

  it('needs more than one common word in common', async () => {
    expect(await similarTitles('How do I reset my password')).toEqual([]);
  });

  it('matches a title without spaces as a substring', async () => {
    expect(await similarTitles('配置邮件')).toEqual(['如何配置邮件服务器']);
  });
});

it('splits titles into the words worth matching, keeping names like C++', () => {
  expect(titleWords('Can I use 100% of the_disk, in C++?')).toEqual(['can', 'use', '100', 'the', 'disk', 'c++']);
});
