import { executionAsyncId } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedQuestionLists, keptPageCount } from '../src/features/question/list-cache.js';
import { forgetSiteSettings } from '../src/features/siteinfo/service.js';
import { ADMIN, body, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn } from './support/dialect-sites.js';

let site: TestSite;
let stop: () => Promise<void>;
let token: string;
let qid: string;
let canonical: string;
const TITLE = 'What are tags for?';

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });
const db = () => site.runtime.database;

async function setGroup(type: string, change: Record<string, unknown>) {
  const row = await db().selectFrom('site_info').select('content').where('type', '=', type).executeTakeFirstOrThrow();
  await db().updateTable('site_info').set({ content: JSON.stringify({ ...JSON.parse(row.content), ...change }) }).where('type', '=', type).execute();
  await forgetSiteSettings(site.runtime);
}

/** The JSON of a <script> element of the page, by its type (or id). */
function scriptJson(html: string, attr: string) {
  const start = html.indexOf(`<script ${attr}`);
  if (start < 0) return undefined;
  const body = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start));
  return JSON.parse(body);
}

/** The data of one query the server rendered the page from (web/src/ssr/entry-server.tsx), by its key. */
function renderedQuery(html: string, key: unknown[]) {
  const data = scriptJson(html, 'type="application/json" id="initial-data"');
  const found = data.queries.queries.find((q: { queryKey: unknown[] }) => JSON.stringify(q.queryKey) === JSON.stringify(key));
  return found?.state.data;
}

/** The visit cookie a browser gets when it signs in (it names the reader of pages). */
async function visitCookie(): Promise<string> {
  const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: ADMIN.email, pass: ADMIN.password } });
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('visit='));
  return String(cookie).split(';')[0]!;
}

async function ask(title: string): Promise<string> {
  const res = await site.app.inject({
    method: 'POST',
    url: '/answer/api/v1/question',
    headers: { authorization: token },
    payload: { title, content: 'Details of the problem, long enough.', tags: [{ slug_name: 'support' }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(body(res).data.id);
}

describe.each(dialectTargets())('pages on $name', (target) => {
  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    token = (await adminOf(site)).token;
    const q = await db().selectFrom('question').select('id').where('title', '=', TITLE).executeTakeFirstOrThrow();
    qid = String(q.id);
    await setGroup('seo', { permalink: 1 });
    canonical = `/questions/${qid}/what-are-tags-for`;
  });
  afterAll(async () => stop());

  describe('question page', () => {
    it('carries title, description, canonical URL, OpenGraph, Twitter card and feed in the head', async () => {
      const res = await get(canonical);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<title>${TITLE} – Test Site</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{10,}">/);
      expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:9080${canonical}">`);
      expect(html).toContain(`<meta property="og:title" content="${TITLE} – Test Site">`);
      expect(html).toContain(`<meta property="og:url" content="http://127.0.0.1:9080${canonical}">`);
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain('<meta property="og:site_name" content="Test Site">');
      expect(html).toContain('<meta name="twitter:card" content="summary">');
      expect(html).toContain(`href="http://127.0.0.1:9080/feeds/questions/${qid}.atom"`);
      expect(html.match(/<title>/g)).toHaveLength(1);
    });

    it('renders the question and its answers inside the root element, with the app', async () => {
      const html = (await get(canonical)).body;
      const answers = await db().selectFrom('answer').select(['parsed_text']).where('question_id', '=', qid).where('status', '=', 1).execute();
      const question = await db().selectFrom('question').select('parsed_text').where('id', '=', qid).executeTakeFirstOrThrow();
      expect(answers.length).toBeGreaterThan(0);
      const root = html.slice(html.indexOf('<div id="root" data-ssr>'));
      expect(html).toContain('<div id="root" data-ssr>');
      expect(root).toContain(`>${TITLE}</`);
      expect(root).toContain(question.parsed_text);
      for (const a of answers) expect(root).toContain(a.parsed_text);
      expect(root).toMatch(/href="\/tags\/[^"]+"/);
      expect(root).toMatch(/href="\/users\/[^"]+"/);
      // The page's own code downloads with the HTML, not after the app's entry asked for it.
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/static\/QuestionDetail-[\w-]+\.js" nonce="[^"]+">/);
      // Rendered to the end: no loading state, no boundary the server gave up on.
      expect(root).not.toContain('spinner-border');
      expect(root).not.toContain('<template');
    });

    it('has a QAPage JSON-LD that parses', async () => {
      const html = (await get(canonical)).body;
      const ld = scriptJson(html, 'type="application/ld+json"');
      expect(ld['@type']).toBe('QAPage');
      expect(ld.mainEntity).toMatchObject({ '@type': 'Question', name: TITLE, url: `http://127.0.0.1:9080${canonical}` });
      expect(ld.mainEntity.answerCount).toBeGreaterThan(0);
      expect(typeof ld.mainEntity.text).toBe('string');
      expect(ld.mainEntity.author['@type']).toBe('Person');
      const answers = [...(ld.mainEntity.acceptedAnswer ? [ld.mainEntity.acceptedAnswer] : []), ...ld.mainEntity.suggestedAnswer];
      expect(answers.length).toBe(ld.mainEntity.answerCount);
      expect(answers[0]).toMatchObject({ '@type': 'Answer' });
      expect(answers[0].url).toMatch(new RegExp(`^http://127.0.0.1:9080${canonical}/\\d+$`));
    });

    it('inlines the site info and every query the page was rendered from, as the API answers them', async () => {
      const html = (await get(canonical)).body;
      const data = scriptJson(html, 'type="application/json" id="initial-data"');
      const siteinfo = (await get('/answer/api/v1/siteinfo')).json().data;
      expect(data.siteinfo).toEqual(siteinfo);
      expect(data.user).toBeNull();
      const info = (await get(`/answer/api/v1/question/info?id=${qid}`)).json().data;
      // The view count moved on with this request; everything else is the API's answer.
      expect({ ...renderedQuery(html, ['question', qid]), view_count: 0 }).toEqual({ ...info, view_count: 0 });
      const answers = (await get(`/answer/api/v1/answer/page?question_id=${qid}&order=default&page=1&page_size=20`)).json().data;
      expect(renderedQuery(html, ['answers', qid, 'default', 1])).toEqual(answers);
      // Each answer's comments and reactions came with the page: no request per answer.
      for (const a of answers.list) {
        expect(renderedQuery(html, ['comments', a.id])?.pages).toHaveLength(1);
        expect(renderedQuery(html, ['reactions', a.id])).toBeDefined();
      }
    });

    it("gives a signed-in reader the visitors' page with their own replies laid over it, and counts their view as theirs", async () => {
      const cookie = await visitCookie();
      const html = (await get(canonical, { cookie })).body;
      const data = scriptJson(html, 'type="application/json" id="initial-data"');
      // The page itself is the visitors' (rendered once for all), marked for the app to overlay.
      expect(html).toContain('<div id="root" data-ssr data-reader>');
      expect(data.user).toBeNull();
      expect(renderedQuery(html, ['question', qid]).member_actions).toEqual([]);
      expect(data.reader.user.username).toBe(ADMIN.name);
      // The admin's own question/info, under the URL the app's query asks: actions only staff and authors get.
      const own = data.reader.replies[`/answer/api/v1/question/info?id=${qid}`];
      expect(own.data.member_actions.length).toBeGreaterThan(0);
      // The calls whose replies may differ for a member are answered for the reader, and their
      // queries named for the app to ask again; the same-for-everyone ones (related questions,
      // invitees, an empty list of comments or reactions) are not asked again.
      const urls = Object.keys(data.reader.replies);
      expect(urls.some((url) => url.startsWith('/answer/api/v1/answer/page?'))).toBe(true);
      expect(data.reader.queries).toContain(JSON.stringify(['question', qid]));
      expect(urls.filter((url) => /\/question\/(similar\/tag|invite)\?/.test(url))).toEqual([]);
      for (const url of urls.filter((u) => /\/(comment\/page|meta\/reaction)\?/.test(u))) {
        const reply = data.reader.replies[url].data;
        expect(reply.list ?? reply.reaction_summary, url).not.toEqual([]);
      }
      // A cookie that names no session renders the visitor's page.
      expect(scriptJson((await get(canonical, { cookie: 'visit=not-a-session' })).body, 'type="application/json" id="initial-data"').user).toBeNull();
      // A client cannot claim the render's in-process identity.
      const forged = await get(`/answer/api/v1/user/info`, { 'x-answer-render': `${'0'.repeat(64)}.${cookie.slice(6)}` });
      expect(forged.json().data).toBeNull();
      // Which replies a render may reuse is the server's own business: no client is told.
      expect((await get('/answer/api/v1/question/page?order=newest&page=1&page_size=20')).headers['x-answer-same-for-every-reader']).toBeUndefined();
    });

    it("answers a member's replayed calls in process with exactly what the API sends that member", async () => {
      const cookie = await visitCookie();
      // A comment, so the question's comment list is a reader's reply too.
      await site.app.inject({ method: 'POST', url: '/answer/api/v1/comment', headers: { authorization: token }, payload: { object_id: qid, original_text: 'A comment on the question, for the replay.' } });
      const replayed: string[] = [];
      for (const page of [canonical, '/tags/support', `/users/${ADMIN.name}`]) {
        const res = await get(page, { cookie });
        expect(res.statusCode, page).toBe(200);
        const replies: Record<string, unknown> = scriptJson(res.body, 'type="application/json" id="initial-data"').reader.replies;
        for (const [url, reply] of Object.entries(replies)) {
          replayed.push(url.split('?')[0]!);
          expect(reply, url).toEqual((await get(url, { authorization: token })).json());
        }
      }
      expect(replayed).toEqual(expect.arrayContaining(['/answer/api/v1/question/info', '/answer/api/v1/answer/page', '/answer/api/v1/comment/page', '/answer/api/v1/tag', '/answer/api/v1/personal/qa/top']));
    });

    it('keeps one visitors\' page for a URL whatever unknown query parameters or bogus cookies come with it', async () => {
      await get('/questions?order=newest');
      const before = keptPageCount(site.runtime, 'rendered');
      for (let i = 0; i < 20; i++) {
        const res = await get(`/questions?order=newest&utm_source=x${i}&fbclid=${i}`, { cookie: `visit=bogus-${i}` });
        expect(res.statusCode).toBe(200);
        expect(scriptJson(res.body, 'type="application/json" id="initial-data"').user).toBeNull();
      }
      expect(keptPageCount(site.runtime, 'rendered')).toBe(before);
      // A parameter the page reads is a page of its own.
      await get('/questions?order=newest&page=2');
      expect(keptPageCount(site.runtime, 'rendered')).toBe(before + 1);
    });

    it('signs a rendered page out at once when the session signs out, though its access token was never cached', async () => {
      const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: ADMIN.email, pass: ADMIN.password } });
      const cookie = String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('visit='))).split(';')[0]!;
      const data = async () => scriptJson((await get(canonical, { cookie })).body, 'type="application/json" id="initial-data"');
      expect((await data()).reader.user.e_mail).toBe(ADMIN.email);
      // Logout is not a cached-session route: only the visit cookie's entry is in the cache.
      const out = await site.app.inject({ method: 'GET', url: '/answer/api/v1/user/logout', headers: { authorization: res.json().data.access_token } });
      expect(out.statusCode).toBe(200);
      const after = await data();
      expect(after.user).toBeNull();
      expect(after.reader).toBeUndefined();
    });

    it("gives each member their own marks and never another's", async () => {
      const memberPage = async (name: string) => {
        await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/register/email', payload: { name, e_mail: `${name}@example.com`, pass: 'password-123' } });
        await db().updateTable('user').set({ mail_status: 1, rank: 1000 }).where('username', '=', name).execute();
        const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: `${name}@example.com`, pass: 'password-123' } });
        const cookie = String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('visit='))).split(';')[0]!;
        return { token: res.json().data.access_token as string, page: async () => (await get(canonical, { cookie })).body };
      };
      const up = await memberPage('markerup');
      const down = await memberPage('markerdown');
      const vote = async (token: string, direction: 'up' | 'down') =>
        expect((await site.app.inject({ method: 'POST', url: `/answer/api/v1/vote/${direction}`, headers: { authorization: token }, payload: { object_id: qid, is_cancel: false } })).statusCode).toBe(200);
      await vote(up.token, 'up');
      await vote(down.token, 'down');
      const voteOf = (html: string) => scriptJson(html, 'type="application/json" id="initial-data"').reader.replies[`/answer/api/v1/question/info?id=${qid}`].data.vote_status;
      const [upHtml, downHtml] = await Promise.all([up.page(), down.page()]);
      expect(voteOf(upHtml)).toBe('vote_up');
      expect(voteOf(downHtml)).toBe('vote_down');
      // Twice more each, interleaved, now from the cached visitors' page.
      for (let i = 0; i < 2; i++) {
        const [a, b] = await Promise.all([down.page(), up.page()]);
        expect(voteOf(a)).toBe('vote_down');
        expect(voteOf(b)).toBe('vote_up');
      }
      // The shared page itself holds no one's vote.
      expect(renderedQuery(upHtml, ['question', qid]).vote_status).toBe('');
    });

    it("leaves Node's promise hooks off once the renders are done", async () => {
      // With promise hooks on (an AsyncLocalStorage in use on Node 20), a promise continuation runs
      // under an async id; with them off, under 0. They would tax every request of the server.
      const asyncIdInPromise = () => new Promise<number>((resolve) => void Promise.resolve().then(() => resolve(executionAsyncId())));
      expect(await asyncIdInPromise()).toBe(0);
      const cookie = await visitCookie();
      await Promise.all([get(canonical, { cookie }), get(canonical, { cookie }), get('/tags'), get(`${canonical}?fresh=1`)]);
      expect(await asyncIdInPromise()).toBe(0);
    });

    it('escapes the title and `</` in the head and in the data blocks', async () => {
      const evil = 'Tags </script><script>alert(1)</script> & "quotes"';
      const id = await ask('A question whose title will be changed');
      await db().updateTable('question').set({ title: evil }).where('id', '=', id).execute();
      // Written behind the app's back: the cached pages are told, as an edit would.
      await changedQuestionLists(site.runtime);
      const first = await get(`/questions/${id}`);
      expect(first.statusCode).toBe(301);
      const html = (await get(first.headers.location as string)).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('<title>Tags &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; – Test Site</title>');
      expect(scriptJson(html, 'type="application/ld+json"').mainEntity.name).toBe(evil);
      expect(renderedQuery(html, ['question', id]).title).toBe(evil);
    });

    it('counts the view of a reader once, and not for a HEAD request', async () => {
      const count = async () => Number((await db().selectFrom('question').select('view_count').where('id', '=', qid).executeTakeFirstOrThrow()).view_count);
      const before = await count();
      await site.app.inject({ method: 'HEAD', url: canonical, headers: { 'user-agent': 'reader-1' } });
      expect(await count()).toBe(before);
      await get(canonical, { 'user-agent': 'reader-1' });
      expect(await count()).toBe(before + 1);
      await get(canonical, { 'user-agent': 'reader-1' });
      expect(await count()).toBe(before + 1);
    });
  });

  describe('status codes', () => {
    it('redirects with 301 to the canonical URL, keeping the query', async () => {
      const res = await get(`/questions/${qid}?share=x`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`${canonical}?share=x`);
    });

    it('answers 404 for an unknown or invisible question, 410 for a deleted one', async () => {
      expect((await get('/questions/10019999999999999')).statusCode).toBe(404);
      expect((await get('/questions/not-an-id')).statusCode).toBe(404);
      const pending = await ask('A question waiting in the review queue');
      const deleted = await ask('A question its author deleted later');
      await db().updateTable('question').set({ status: 11 }).where('id', '=', pending).execute();
      const del = await site.app.inject({ method: 'DELETE', url: '/answer/api/v1/question', headers: { authorization: token }, payload: { id: deleted } });
      expect(del.statusCode, del.body).toBe(200);
      const pendingPage = await get(`/questions/${pending}`);
      expect(pendingPage.statusCode).toBe(404);
      const gone = await get(`/questions/${deleted}`);
      expect(gone.statusCode).toBe(410);
      // Still the app (which shows its 404 page), with nothing of the question.
      for (const res of [pendingPage, gone]) {
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).not.toContain('application/ld+json');
        expect(res.body).not.toContain('"question":');
      }
    });

    it('answers 404 for an unknown tag, user or route, 200 for known ones', async () => {
      expect((await get('/tags/no-such-tag-here')).statusCode).toBe(404);
      expect((await get('/users/no-such-person')).statusCode).toBe(404);
      const unknown = await get('/no/such/page');
      expect(unknown.statusCode).toBe(404);
      // The app's 404 page is in the HTML (readable without JavaScript), for the app to draw afresh.
      expect(unknown.body).toContain('<div id="root"><');
      expect(unknown.body).not.toContain('data-ssr');
      expect((await get('/static/missing.js')).statusCode).toBe(404);
      // index.html links it; without a branding icon it is empty, not the 404 page.
      expect((await get('/favicon.ico')).statusCode).toBe(204);
      for (const url of ['/', '/questions', '/questions/ask', '/tags', '/users/login', '/users/settings/profile', '/admin/smtp', '/search?q=x', '/users/notifications/inbox']) {
        expect((await get(url)).statusCode, url).toBe(200);
      }
    });

    it('keeps profile pages for visitors, renewed at once when their person changes the profile', async () => {
      const profile = async () => (await get(`/users/${ADMIN.name}`)).body;
      expect(await profile()).not.toContain('Kept Page Admin');
      const rename = async (display_name: string) =>
        expect((await site.app.inject({ method: 'PUT', url: '/answer/api/v1/user/info', headers: { authorization: token }, payload: { display_name } })).statusCode).toBe(200);
      await rename('Kept Page Admin');
      try {
        expect(await profile()).toContain('Kept Page Admin');
      } finally {
        await rename(ADMIN.name);
      }
    });

    it('gives tag pages and profiles their head', async () => {
      const tag = await db().selectFrom('tag').select(['slug_name', 'display_name']).where('status', '=', 1).executeTakeFirstOrThrow();
      const tagPage = await get(`/tags/${tag.slug_name}`);
      expect(tagPage.statusCode).toBe(200);
      expect(tagPage.body).toContain(`<title>${tag.display_name} – Test Site</title>`);
      expect(tagPage.body).toContain(`<link rel="canonical" href="http://127.0.0.1:9080/tags/${tag.slug_name}">`);
      expect(tagPage.body).toContain(`href="http://127.0.0.1:9080/feeds/tags/${tag.slug_name}.atom"`);
      const profile = await get(`/users/${ADMIN.name}`);
      expect(profile.statusCode).toBe(200);
      expect(profile.body).toContain('<meta property="og:type" content="profile">');
      expect(profile.body).toContain(`<link rel="canonical" href="http://127.0.0.1:9080/users/${ADMIN.name}">`);
    });

    it('lists question titles as links on / and /questions', async () => {
      for (const url of ['/', '/questions']) {
        const html = (await get(url)).body;
        const root = html.slice(html.indexOf('<div id="root" data-ssr>'));
        expect(root).toMatch(new RegExp(`<a [^>]*href="${canonical}"[^>]*>${TITLE.replace('?', '\\?')}</a>`));
        expect(html).toContain('href="http://127.0.0.1:9080/feeds/questions.atom"');
        expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:9080${url}">`);
      }
    });
  });

  describe('private mode', () => {
    beforeAll(() => setGroup('login', { login_required: true }));
    afterAll(() => setGroup('login', { login_required: false }));

    it('serves the bare shell with status 200 for every page, known or not', async () => {
      for (const url of [canonical, `/questions/${qid}`, '/questions/10019999999999999', '/', '/questions', '/tags/no-such-tag', `/users/${ADMIN.name}`, '/no/such/page']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).not.toContain(TITLE);
        expect(res.body).not.toContain('application/ld+json');
        expect(res.body).not.toContain('rel="canonical"');
        expect(res.body).not.toContain('"question":');
      }
    });
  });
});
