import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/** Related questions come from the search index: shared title words first, the tag's hot list after. */
describe.each(dialectTargets())('related questions on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let asker: User;
  const ids: Record<string, string> = {};

  const ask = async (key: string, title: string, tag: string) => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/question',
      headers: { authorization: asker.token },
      payload: { title, content: 'Details of the problem, long enough.', tags: [{ slug_name: tag }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[key] = body(res).data.id;
  };
  const related = async (key: string) =>
    (body(await site.app.inject({ url: `/answer/api/v1/question/similar/tag?question_id=${ids[key]}` })).data.list as { title: string }[]).map((q) => q.title);

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    asker = await member(site, 'relasker', 1000);
    await ask('proxy', 'How do I configure an nginx reverse proxy?', 'support');
    await ask('proxy502', 'Nginx reverse proxy answers 502 after an upgrade', 'networking');
    await ask('cooking', 'Which pan for a better omelette?', 'support');
    await ask('gone', 'Reverse proxy headers lost behind nginx', 'support');
  });
  afterAll(async () => stop());

  it('lists questions sharing title words first, then fills from the tag, never the question itself', async () => {
    const titles = await related('proxy');
    expect(titles.slice(0, 2).sort()).toEqual(['Nginx reverse proxy answers 502 after an upgrade', 'Reverse proxy headers lost behind nginx']);
    expect(titles).toContain('Which pan for a better omelette?');
    expect(titles).not.toContain('How do I configure an nginx reverse proxy?');
  });

  it('leaves out deleted questions', async () => {
    const res = await site.app.inject({ method: 'DELETE', url: '/answer/api/v1/question', headers: { authorization: asker.token }, payload: { id: ids.gone } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await related('proxy')).not.toContain('Reverse proxy headers lost behind nginx');
  });
});
