import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2efirst', email: 'first-visit@example.com', password: 'e2e-password-1' };
// server/test/first-visit-budget.test.ts weighs the files a page links; this checks that a browser
// loads no other script before the page is usable, and none of the Markdown editor.
const MAX_FILES = 10;
const EDITOR_FILE = /\/static\/(MarkdownEditor|MarkdownField)-[^/]+\.js$/;

let server: RunningServer;
let browser: Browser;
const pages: string[] = ['/', '/questions', '/tags', '/tags/support', '/tags/support/info', '/users', `/users/${ADMIN.name}`, '/badges'];
const opened: Page[] = [];

beforeAll(async () => {
  server = await startServer(autoInstall('E2E First Visit', ADMIN));
  browser = await launchBrowser();
  const admin = await server.api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  const question = await server.api<{ id: string }>(
    'POST',
    '/answer/api/v1/question',
    { title: 'Which scripts does a first visit load?', content: 'Only those the page links, and none of the editor.', tags: [{ slug_name: 'support' }] },
    admin.access_token,
  );
  await server.api('POST', '/answer/api/v1/answer', { question_id: question.id, content: 'The page links every script it needs.' }, admin.access_token);
  const res = await fetch(`${server.url}/questions/${question.id}`, { redirect: 'manual' });
  pages.push(new URL(res.headers.get('location') ?? `/questions/${question.id}`, server.url).pathname);
  const groups = await server.api<{ badges: { id: string }[] }[]>('GET', '/answer/api/v1/badges');
  pages.push(`/badges/${groups[0]!.badges[0]!.id}`);
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', opened));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The scripts the page's HTML names: the entry and the code it preloads. */
function linkedScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script|link rel="modulepreload")\s[^>]*?(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!);
}

it('of every page the server renders loads only the scripts the page links, at most 10, none of the editor', async () => {
  for (const url of pages) {
    const page = await openTab(browser, opened);
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(`${server.url}${url}`);
    expect(response?.status(), url).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html, url).toContain('data-ssr');
    // Hydrated, and whatever the app fetches on its own by then has been asked for.
    await page.waitForLoadState('networkidle');
    expect(loaded.toSorted(), url).toEqual(linkedScripts(html).toSorted());
    expect(loaded.length, url).toBeLessThanOrEqual(MAX_FILES);
    expect(loaded.filter((file) => EDITOR_FILE.test(file)), url).toEqual([]);
  }
});
