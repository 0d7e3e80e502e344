import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

const ADMIN = { name: 'browseadmin', email: 'browse-admin@example.com', password: 'e2e-password-1' };
const TITLE = 'Why does the migration lock the whole table?';
// A word found only in the body, so a hit proves the body is searched, not the title.
const BODY_WORD = 'frobnicator';
const TAG = 'migrations';
// Asked by someone else: the feed leaves out the reader's own questions (domain.md 11.2).
const FEED_TITLE = 'Can a column be added without rewriting the table?';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

const api = <T>(method: string, path: string, body?: unknown) => server.api<T>(method, `/answer/api/v1${path}`, body, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Browse', ADMIN));
  browser = await launchBrowser();
  token = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
  await api('POST', '/question', {
    title: TITLE,
    content: `Running the ${BODY_WORD} step on a large table blocks every write until it finishes.`,
    tags: [{ slug_name: TAG, display_name: TAG }],
  });
  const member = { name: 'feed.asker', e_mail: 'asker@example.com', pass: 'asker-pass-1' };
  await api('POST', '/user/register/email', member);
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, rank = 1 WHERE e_mail = ?').run(member.e_mail));
  const asker = await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: member.e_mail, pass: member.pass });
  await server.api('POST', '/answer/api/v1/question', { title: FEED_TITLE, content: 'Adding a nullable column should be cheap, is it?', tags: [{ slug_name: TAG }] }, asker.access_token);

  context = await browser.newContext();
  await context.addInitScript((t) => {
    if (!localStorage.getItem('_a_ltk_')) localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify(t)}`);
  }, token);
  page = await context.newPage();
  waitForAppOnLoad(page);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types a query in the header's search box and submits it with Enter. */
async function searchFromHeader(query: string) {
  const box = page.getByRole('banner').getByRole('searchbox');
  await box.fill(query);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === query);
}

it('finds the question from the header search by a word of its body, marked in the excerpt', async () => {
  await page.goto(server.url);
  await searchFromHeader(BODY_WORD);
  const result = page.getByTestId('search-result').filter({ hasText: TITLE });
  await result.waitFor();
  expect(await result.locator('mark').first().textContent()).toBe(BODY_WORD);
  expect(await result.getByRole('link', { name: ADMIN.name }).getAttribute('href')).toBe(`/users/${ADMIN.name}`);
  await page.getByTestId('search-explain').getByText(`All of: ${BODY_WORD}`).waitFor();
});

it('finds it by [tag], and says so when nothing matches', async () => {
  await page.goto(server.url);
  await searchFromHeader(`[${TAG}]`);
  await page.getByTestId('search-result').filter({ hasText: TITLE }).waitFor();
  await page.getByTestId('search-explain').getByRole('link', { name: TAG }).waitFor();

  await searchFromHeader(`[${TAG}] nosuchwordanywhere`);
  await page.getByTestId('search-empty').waitFor();
  expect(await page.getByTestId('search-result').count()).toBe(0);
});

it('goes from a tag chip to the tag page, where following changes the follower count', async () => {
  await page.goto(server.url);
  await page.getByTestId('question-item').filter({ hasText: TITLE }).getByRole('link', { name: TAG, exact: true }).click();
  await page.waitForURL(`${server.url}/tags/${TAG}`);
  await page.getByRole('heading', { level: 1, name: TAG }).waitFor();
  await page.getByTestId('question-item').filter({ hasText: TITLE }).waitFor();

  const count = page.getByTestId('tag-follow-count');
  await expect.poll(() => count.textContent()).toBe('0 followers');
  const followed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/follow'));
  await page.getByRole('button', { name: `Follow tag ${TAG}` }).click();
  await expect.poll(() => count.textContent()).toBe('1 follower');
  // The server kept it: a fresh load (once it has replied) shows the same.
  await followed;
  await page.reload();
  await expect.poll(() => count.textContent()).toBe('1 follower');
  await page.getByRole('button', { name: `Stop following tag ${TAG}` }).waitFor();

  // The followed tag fills the signed-in home feed with others' questions.
  await page.goto(`${server.url}/questions?order=recommend`);
  await page.getByTestId('question-item').filter({ hasText: FEED_TITLE }).waitFor();
  expect(await page.getByTestId('question-item').filter({ hasText: TITLE }).count()).toBe(0);
});

it("sends a synonym's address to its main tag, and lists the tag with a name filter", async () => {
  const tag = await api<{ tag_id: string }>('GET', `/tag?name=${TAG}`);
  await api('PUT', '/tag/synonym', { tag_id: tag.tag_id, synonym_tag_list: [{ slug_name: 'schema-changes' }] });
  await page.goto(`${server.url}/tags/schema-changes/info`);
  await page.waitForURL(`${server.url}/tags/${TAG}/info`);
  await page.getByTestId('tag-synonym-list').getByText('schema-changes').waitFor();

  await page.goto(`${server.url}/tags`);
  await page.getByLabel('Filter tags by name').fill('migra');
  await page.waitForURL(`${server.url}/tags?q=migra`);
  const card = page.getByTestId('tag-card');
  await card.getByRole('link', { name: TAG }).waitFor();
  await page.getByLabel('Filter tags by name').fill('zzz-none');
  await page.getByTestId('tags-empty').waitFor();
});

it('asks for a captcha after many searches in a minute, and says why when it is dismissed', async () => {
  const visitor = await browser.newPage();
  waitForAppOnLoad(visitor);
  try {
    // Visitors are counted by address: the thirty new searches a minute (README: abuse protection)
    // are used up here; each warm-up is a new query, so each counts.
    // The counter's windows are whole minutes of the clock (captcha/records.ts): start early in
    // one, so the page's search below falls in the same window as these.
    const second = new Date().getSeconds();
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    for (let i = 0; i < 31; i++) await fetch(`${server.url}/answer/api/v1/search?q=warmup${i}`);
    await visitor.goto(`${server.url}/search?q=${BODY_WORD}`);
    const dialog = visitor.getByRole('dialog');
    await dialog.getByRole('img').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await visitor.getByTestId('search-captcha-needed').waitFor();
  } finally {
    await visitor.close();
  }
});
