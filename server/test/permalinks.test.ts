import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longToShort } from '../src/core/ids.js';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { installedSite, type TestSite } from './support/app.js';

let site: TestSite;
let qid: string;
let aid: string;
const slug = 'what-are-tags-for';

beforeAll(async () => {
  site = await installedSite();
  const q = await site.runtime.database.selectFrom('question').select(['id', 'last_answer_id']).where('title', '=', 'What are tags for?').executeTakeFirstOrThrow();
  qid = String(q.id);
  aid = String(q.last_answer_id);
});
afterAll(async () => site.close());

async function style(permalink: number) {
  const db = site.runtime.database;
  const row = await db.selectFrom('site_info').select('content').where('type', '=', 'seo').executeTakeFirstOrThrow();
  await db.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), permalink }) }).where('type', '=', 'seo').execute();
  await forgetSiteSettings(site.runtime);
}

const get = (url: string) => site.app.inject({ method: 'GET', url });

describe.each([
  [1, () => `/questions/${qid}/${slug}`, () => `/questions/${qid}/${slug}/${aid}`],
  [2, () => `/questions/${qid}`, () => `/questions/${qid}/${aid}`],
  [3, () => `/questions/${longToShort(qid)}/${slug}`, () => `/questions/${longToShort(qid)}/${slug}/${longToShort(aid)}`],
  [4, () => `/questions/${longToShort(qid)}`, () => `/questions/${longToShort(qid)}/${longToShort(aid)}`],
])('permalink style %i', (permalink, canonical, answerUrl) => {
  beforeAll(() => style(permalink));

  it('serves the canonical question URL', async () => {
    const res = await get(canonical());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('redirects every other form to it, keeping the query', async () => {
    for (const url of [`/questions/${qid}`, `/questions/${longToShort(qid)}`, `/questions/${qid}/wrong-title`, `/questions/${longToShort(qid)}/${slug}`]) {
      const res = await get(`${url}?share=alice`);
      if (url === canonical()) continue;
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(`${canonical()}?share=alice`);
    }
  });

  it('keeps answers in the URL', async () => {
    expect((await get(answerUrl())).statusCode).toBe(200);
    const res = await get(`/questions/${qid}/anything/${aid}`);
    if (`/questions/${qid}/anything/${aid}` !== answerUrl()) expect(res.headers.location).toBe(answerUrl());
  });

  it('returns question ids in the API in the matching form', async () => {
    const list = (await site.app.inject({ method: 'GET', url: '/answer/api/v1/question/page' })).json().data.list;
    const expected = permalink >= 3 ? longToShort(qid) : qid;
    expect(list.map((q: { id: string }) => q.id)).toContain(expected);
  });
});

it('leaves /questions/ask to the web app and answers 404 for unknown questions', async () => {
  expect((await get('/questions/ask')).statusCode).toBe(200);
  expect((await get('/questions/10019999999999999')).statusCode).toBe(404);
});
