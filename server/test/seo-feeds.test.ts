import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { longToShort } from '../src/core/ids.js';
import { urlTitle } from '../src/core/slug.js';
import { setSitemapPageSize } from '../src/features/seo/sitemap.js';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { body, member, startSite, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const SITE = 'http://127.0.0.1:9080';
const TRICKY = 'Escaping <b> & "quotes" in titles?';

/**
 * Well-formed XML in the small subset these documents use: one declaration, elements with quoted
 * attributes, text, and only the five predefined entities. Enough to catch unescaped text.
 */
function wellFormed(xml: string): boolean {
  const rest = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const entityOk = (s: string) => !/&(?!(?:amp|lt|gt|quot|apos);)/.test(s);
  const open: string[] = [];
  let end = 0;
  for (const m of rest.matchAll(token)) {
    end = m.index + m[0].length;
    if (m[5] !== undefined) {
      if (!entityOk(m[5]) || (open.length === 0 && m[5].trim())) return false;
    } else if (!entityOk(m[3] ?? '')) return false;
    else if (m[1]) {
      if (open.pop() !== m[2]) return false;
    } else if (!m[4]) open.push(m[2]!);
  }
  return end === rest.length && open.length === 0;
}

const between = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

describe.each(dialectTargets())('sitemaps and feeds on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let asker: User;
  let answerer: User;
  /** Listed questions from the install's welcome content, then the ones made here. */
  let visible: string[] = [];
  const ids: Record<string, string> = {};
  const answers: Record<string, string> = {};

  const get = (url: string) => site.app.inject({ method: 'GET', url });
  const api = async (method: 'POST' | 'PUT' | 'DELETE', url: string, user: User, payload: object) => {
    const res = await site.app.inject({ method, url: `/answer/api/v1${url}`, headers: { authorization: user.token }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const ask = async (key: string, title: string, tag: string) => {
    ids[key] = String((await api('POST', '/question', asker, { title, content: `Details of ${key}, long enough to post.`, tags: [{ slug_name: tag }] })).id);
  };
  const setSeo = async (change: Record<string, unknown>) => {
    const db = site.runtime.database;
    const row = await db.selectFrom('site_info').select('content').where('type', '=', 'seo').executeTakeFirstOrThrow();
    await db.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), ...change }) }).where('type', '=', 'seo').execute();
    await forgetSiteSettings(site.runtime);
  };
  const sitemapLocs = async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const pages = between(index.body, 'loc');
    const locs: string[] = [];
    for (const page of pages) {
      const res = await get(page.slice(SITE.length));
      expect(res.statusCode, page).toBe(200);
      expect(wellFormed(res.body), res.body).toBe(true);
      locs.push(...between(res.body, 'loc').map(unescape));
    }
    return { pages, locs };
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    asker = await member(site, 'seoasker', 1000);
    answerer = await member(site, 'seoanswerer', 1000);
    const list = body(await get('/answer/api/v1/question/page?page=1&page_size=100')).data.list as { id: string }[];
    visible = list.map((q) => q.id);

    await ask('plain', 'How do sitemaps list questions?', 'seo-topic');
    await ask('tricky', TRICKY, 'seo-topic');
    await ask('closed', 'A closed question is still listed', 'other-topic');
    await ask('deleted', 'A deleted question is not listed', 'seo-topic');
    await ask('pending', 'A pending question is not listed', 'seo-topic');
    await ask('unlisted', 'An unlisted question is not listed', 'seo-topic');
    await api('DELETE', '/question', asker, { id: ids.deleted });
    await api('PUT', '/question/operation', admin, { id: ids.unlisted, operation: 'hide' });
    const db = site.runtime.database;
    await db.updateTable('question').set({ status: 2 }).where('id', '=', ids.closed!).execute();
    await db.updateTable('question').set({ status: 11 }).where('id', '=', ids.pending!).execute();
    visible.push(ids.plain!, ids.tricky!, ids.closed!);

    answers.kept = String((await api('POST', '/answer', answerer, { question_id: ids.tricky, content: 'An answer with <tags> & **bold** text.' })).info.id);
    answers.gone = String((await api('POST', '/answer', answerer, { question_id: ids.plain, content: 'An answer that will be deleted soon.' })).info.id);
    await api('DELETE', '/answer', answerer, { id: answers.gone });
  });
  afterEach(() => setSitemapPageSize());
  afterAll(async () => stop?.());

  it('lists exactly the listed questions, at canonical absolute URLs with a last modification date', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(wellFormed(index.body)).toBe(true);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const { pages, locs } = await sitemapLocs();
    expect(pages).toEqual([`${SITE}/sitemap/question-1.xml`]);
    expect(locs.sort()).toEqual(visible.map((id) => `${SITE}/questions/${id}`).sort());
    const page = (await get('/sitemap/question-1.xml')).body;
    expect(page.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/g)).toHaveLength(visible.length);
  });

  it('drops a deleted question from the sitemap at once, though the sitemap was just cached', async () => {
    await ask('soon-gone', 'A question deleted after the crawl', 'seo-topic');
    const url = `${SITE}/questions/${ids['soon-gone']}`;
    expect((await sitemapLocs()).locs).toContain(url);
    await api('DELETE', '/question', asker, { id: ids['soon-gone'] });
    expect((await sitemapLocs()).locs).not.toContain(url);
  });

  it('follows the permalink style, titles included and escaped', async () => {
    await setSeo({ permalink: 3 });
    try {
      const { locs } = await sitemapLocs();
      expect(locs).toContain(`${SITE}/questions/${longToShort(ids.tricky!)}/${encodeURI(urlTitle(TRICKY))}`);
      expect(locs).toContain(`${SITE}/questions/${longToShort(ids.plain!)}/how-do-sitemaps-list-questions`);
      expect(locs).not.toContain(`${SITE}/questions/${ids.plain}`);
    } finally {
      await setSeo({ permalink: 2 });
    }
  });

  it('splits the questions into pages of the page size, and 404s past the last page', async () => {
    setSitemapPageSize(2);
    const { pages, locs } = await sitemapLocs();
    expect(pages).toHaveLength(Math.ceil(visible.length / 2));
    expect(pages.map((p) => p.slice(SITE.length))).toEqual(pages.map((_, i) => `/sitemap/question-${i + 1}.xml`));
    for (const p of pages) expect(between((await get(p.slice(SITE.length))).body, 'loc').length).toBeLessThanOrEqual(2);
    expect(locs).toHaveLength(visible.length);
    expect(new Set(locs).size).toBe(visible.length);
    for (const url of [`/sitemap/question-${pages.length + 1}.xml`, '/sitemap/question-0.xml', '/sitemap/question-x.xml', '/sitemap/other-1.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('describes the site search for browsers', async () => {
    const res = await get('/opensearch.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expect(wellFormed(res.body)).toBe(true);
    expect(res.body).toContain('<ShortName>Test Site</ShortName>');
    expect(res.body).toContain(`template="${SITE}/search?q={searchTerms}"`);
  });

  it('has an Atom feed of the newest listed questions', async () => {
    const res = await get('/feeds/questions.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(wellFormed(res.body), res.body).toBe(true);
    const titles = between(res.body, 'title').map(unescape);
    expect(titles[0]).toBe('Test Site');
    // Newest first: the closed question was asked last of the listed ones.
    expect(titles.slice(1, 4)).toEqual(['A closed question is still listed', TRICKY, 'How do sitemaps list questions?']);
    expect(titles).not.toContain('A deleted question is not listed');
    expect(titles).not.toContain('A pending question is not listed');
    expect(titles).not.toContain('An unlisted question is not listed');
    expect(res.body).toContain('<title>Escaping &lt;b&gt; &amp; &quot;quotes&quot; in titles?</title>');
    expect(res.body).toContain(`<link rel="alternate" type="text/html" href="${SITE}/questions/${ids.tricky}"/>`);
    expect(res.body).toContain(`<id>${SITE}/questions/${ids.tricky}</id>`);
    expect(res.body).toContain('<author><name>seoasker</name></author>');
    expect(res.body).toContain(`<summary>Details of tricky, long enough to post.</summary>`);
    expect(res.body).toContain('<content type="html">&lt;p&gt;Details of tricky, long enough to post.&lt;/p&gt;');
    expect(between(res.body, 'updated').every((d) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(d))).toBe(true);
  });

  it('has a feed per tag, and 404 for an unknown tag', async () => {
    const res = await get('/feeds/tags/seo-topic.atom');
    expect(res.statusCode).toBe(200);
    expect(wellFormed(res.body)).toBe(true);
    expect(between(res.body, 'title').slice(1).map(unescape)).toEqual([TRICKY, 'How do sitemaps list questions?']);
    expect(res.body).toContain(`<link rel="alternate" type="text/html" href="${SITE}/tags/seo-topic"/>`);
    expect((await get('/feeds/tags/no-such-tag.atom')).statusCode).toBe(404);
    expect((await get('/feeds/tags/seo-topic.rss')).statusCode).toBe(404);
  });

  it("has a feed of a question's visible answers, and 404 for unknown or hidden questions", async () => {
    const res = await get(`/feeds/questions/${ids.tricky}.atom`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(wellFormed(res.body), res.body).toBe(true);
    expect(between(res.body, 'id')).toEqual([`${SITE}/feeds/questions/${ids.tricky}.atom`, `${SITE}/questions/${ids.tricky}/${answers.kept}`]);
    expect(res.body).toContain(`<link rel="alternate" type="text/html" href="${SITE}/questions/${ids.tricky}/${answers.kept}"/>`);
    expect(res.body).toContain('<author><name>seoanswerer</name></author>');
    // The sanitised HTML, escaped once for type="html": the typed <tags> arrive escaped twice.
    expect(res.body).toContain('&amp;lt;tags&amp;gt; &amp;amp; &lt;strong&gt;bold&lt;/strong&gt;');
    expect((await get(`/feeds/questions/${longToShort(ids.tricky!)}.atom`)).statusCode).toBe(200);
    const empty = await get(`/feeds/questions/${ids.plain}.atom`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('<entry>');
    // Unlisted questions stay reachable by link, and so does their feed.
    expect((await get(`/feeds/questions/${ids.unlisted}.atom`)).statusCode).toBe(200);
    for (const id of [ids.deleted, ids.pending, '10019999999999999', answers.kept, 'nonsense']) {
      expect((await get(`/feeds/questions/${id}.atom`)).statusCode, id).toBe(404);
    }
  });

  it('shows none of it on a private site', async () => {
    const db = site.runtime.database;
    const row = await db.selectFrom('site_info').select('content').where('type', '=', 'login').executeTakeFirstOrThrow();
    await db.updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), login_required: true }) }).where('type', '=', 'login').execute();
    await forgetSiteSettings(site.runtime);
    try {
      const urls = ['/sitemap.xml', '/sitemap/question-1.xml', '/opensearch.xml', '/feeds/questions.atom', '/feeds/tags/seo-topic.atom', `/feeds/questions/${ids.tricky}.atom`];
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).not.toMatch(/seo-topic|urlset|OpenSearch|<feed/);
      }
    } finally {
      await db.updateTable('site_info').set({ content: row.content }).where('type', '=', 'login').execute();
      await forgetSiteSettings(site.runtime);
    }
  });
});

it('answers 404 before installation', async () => {
  const site = await startSite();
  try {
    for (const url of ['/sitemap.xml', '/sitemap/question-1.xml', '/opensearch.xml', '/feeds/questions.atom', '/feeds/tags/a.atom', '/feeds/questions/10010000000000001.atom']) {
      expect((await site.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  } finally {
    await site.close();
  }
});
