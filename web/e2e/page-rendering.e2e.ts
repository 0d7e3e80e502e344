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
