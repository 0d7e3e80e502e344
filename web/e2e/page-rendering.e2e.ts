import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2epages', email: 'pages@example.com', password: 'e2e-password-1' };
const TITLE = 'How does a server-rendered page read without JavaScript?';
const ANSWER = 'The first byte already carries the question and this answer.';

let server: RunningServer;
let browser: Browser;
let questionPath = '';
const opened: Page[] = [];

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Pages', ADMIN));
  browser = await launchBrowser();
  const admin = await server.api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  const question = await server.api<{ id: string }>(
    'POST',
    '/answer/api/v1/question',
    { title: TITLE, content: 'The **body** of the question, long enough to be a question.', tags: [{ slug_name: 'support' }] },
    admin.access_token,
  );
  await server.api('POST', '/answer/api/v1/answer', { question_id: question.id, content: ANSWER }, admin.access_token);
  // The canonical URL, as the server's redirect names it.
  const res = await fetch(`${server.url}/questions/${question.id}`, { redirect: 'manual' });
  questionPath = new URL(res.headers.get('location') ?? `/questions/${question.id}`, server.url).pathname;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', opened));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('sends the title, the question and its answers in the HTML itself', async () => {
  const res = await fetch(`${server.url}${questionPath}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${TITLE} – E2E Pages</title>`);
  expect(html).toContain('<strong>body</strong>');
  expect(html).toContain(ANSWER);
  expect(html).toContain('"@type":"QAPage"');
});

it('starts the app over the snapshot without a spinner, console errors, CSP violations or site and question requests', async () => {
  const page = await openTab(browser, opened);
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.addInitScript(() => {
    // Whether a loading spinner ever replaced the snapshot before the page was there.
    new MutationObserver(() => {
      if (document.querySelector('#root .spinner-border')) (window as unknown as { __spinner: boolean }).__spinner = true;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(`${server.url}${questionPath}`);
  // The app's own answer list (the snapshot has no sort tabs): the app has replaced the snapshot.
  await page.getByTestId('answers').getByText(ANSWER).waitFor();
  await page.getByRole('heading', { name: TITLE }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(errors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __spinner?: boolean }).__spinner ?? false)).toBe(false);
  expect(requests).not.toContain('/answer/api/v1/siteinfo');
  expect(requests).not.toContain('/answer/api/v1/question/info');
  expect(requests).not.toContain('/answer/api/v1/answer/page');
});

it('answers 404 with the app for an unknown question and route', async () => {
  const page = await openTab(browser, opened);
  const response = await page.goto(`${server.url}/questions/10019999999999999`);
  expect(response?.status()).toBe(404);
  expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
  await page.getByText('404').first().waitFor();
});

/** Console errors, failed responses and API calls of a tab, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const api: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/answer/api/')) api.push(path);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return { errors, api };
}

/** Waits until React has taken over the server's HTML (an interactive control works). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

it("hydrates the visitors' page for a signed-in reader and lays their own replies over it, without asking for its data again", async () => {
  const login = await fetch(`${server.url}/answer/api/v1/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const visit = login.headers.getSetCookie().find((c) => c.startsWith('visit='))!.split(';')[0]!.slice('visit='.length);
  const page = await openTab(browser, opened, token);
  await page.context().addCookies([{ name: 'visit', value: visit, url: server.url }]);
  const seen = watch(page);
  const res = await page.goto(`${server.url}${questionPath}`);
  // The visitors' page (rendered once for all) with this reader's user and replies in its data.
  const html = (await res?.text()) ?? '';
  expect(html).toContain('<div id="root" data-ssr data-reader>');
  expect(html).toContain(`"username":"${ADMIN.name}","e_mail"`);
  await hydrated(page);
  // Once hydrated, the page is the admin's: their menu instead of the guest links, their actions.
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-reader'));
  await page.getByRole('navigation', { name: 'Post actions' }).first().getByRole('link', { name: 'Edit' }).waitFor();
  expect(await page.locator('.header-guest').count()).toBe(0);
  await page.getByTestId('answers').getByText(ANSWER).waitFor();
  expect(seen.errors).toEqual([]);
  // Neither the member's replies nor the ones that are the same for everyone (related questions, invitees).
  const pageCalls = ['user/info', 'question/info', 'answer/page', 'comment/page', 'meta/reaction', 'question/similar/tag', 'question/invite'];
  for (const path of pageCalls.map((call) => `/answer/api/v1/${call}`)) {
    expect(seen.api).not.toContain(path);
  }
});

it('renders and hydrates the list, tag and profile pages without console errors or data requests', async () => {
  for (const path of ['/', '/questions', '/tags', '/tags/support', '/users', `/users/${ADMIN.name}`, '/badges', '/tos']) {
    const page = await openTab(browser, opened);
    const seen = watch(page);
    const res = await page.goto(`${server.url}${path}`);
    expect(res?.status(), path).toBe(200);
    expect(await res?.text(), path).toContain('<div id="root" data-ssr>');
    await hydrated(page);
    // Give the app a moment to ask for anything it did not get with the page.
    await page.waitForTimeout(300);
    expect(seen.errors, path).toEqual([]);
    expect(seen.api, path).toEqual([]);
  }
});

it('shows the question and its answers with JavaScript off', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  opened.push(page);
  await page.goto(`${server.url}${questionPath}`);
  await page.getByRole('heading', { name: TITLE }).waitFor();
  await page.getByText(ANSWER).waitFor();
  // Links work without the app: the tag leads to its page, rendered too.
  await page.getByRole('link', { name: 'support' }).first().click();
  await page.waitForURL(/\/tags\/support$/);
  await page.getByText(TITLE).first().waitFor();
});
