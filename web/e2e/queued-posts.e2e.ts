import { ACTIONS } from '@answer/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2equeueadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const TITLE = 'How do I configure the mail server for my site?';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);
const browse = (token?: string) => openTab(browser, pages, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Queue', ADMIN));
  const captcha = Object.fromEntries(ACTIONS.map((action) => [action, { count: 100000, windowSeconds: 60 }]));
  server.writeDb((db) => db.prepare("INSERT INTO config (id, key, value) VALUES (9001, 'security.limits', ?)").run(JSON.stringify({ captcha })));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("holds a new user's first question until the admin approves it in /review", async () => {
  // The admin turns on "review the first post of new users" on the settings page.
  const admin = await browse(adminToken);
  await admin.goto(`${server.url}/admin/review-rules`);
  await admin.getByLabel("Review a new user's first posts").fill('1');
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Review rules saved.').waitFor();
  expect((await api<{ first_posts: number }>('GET', '/answer/admin/api/siteinfo/review', undefined, adminToken)).first_posts).toBe(1);

  // A new member asks their first question: it waits for review.
  const user = await api<{ id: string; access_token: string }>('POST', '/answer/api/v1/user/register/email', { name: 'newcomer', e_mail: 'newcomer@example.com', pass: 'member-pass-1' });
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, rank = 1 WHERE id = ?').run(user.id));
  const question = await api<{ id: string }>(
    'POST',
    '/answer/api/v1/question',
    { title: TITLE, content: 'I set the SMTP host but no mail arrives. What else is needed?', tags: [{ slug_name: 'support' }] },
    user.access_token,
  );

  // Its author sees it, marked as waiting for review; a visitor gets "not found" and no list shows it.
  const author = await browse(user.access_token);
  await author.goto(`${server.url}/questions/${question.id}`);
  await author.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await author.getByTestId('question-state').getByText('waiting for review').waitFor();
  const visitor = await browse();
  await visitor.goto(`${server.url}/questions/${question.id}`);
  await visitor.getByTestId('error-page-404').waitFor();
  await visitor.goto(`${server.url}/questions`);
  await visitor.waitForLoadState('networkidle');
  expect(await visitor.getByText(TITLE).count()).toBe(0);

  // The admin finds it in the queued-posts queue and approves it.
  await admin.goto(`${server.url}/review?type=queued_post`);
  await admin.getByTestId('review-count-queued_post').getByText('1').waitFor();
  const post = admin.getByTestId('queued-post');
  await post.getByRole('link', { name: TITLE }).waitFor();
  await post.getByTestId('queued-post-submitter').getByText("New user's first posts").waitFor();
  await post.getByTestId('queued-approve').click();
  await admin.getByText('Post approved and published.').waitFor();
  await admin.getByTestId('review-empty').waitFor();

  // Now everyone sees it, on its page and in the list.
  await visitor.goto(`${server.url}/questions/${question.id}`);
  await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  expect(await visitor.getByTestId('question-state').count()).toBe(0);
  await visitor.goto(`${server.url}/questions`);
  await visitor.getByRole('link', { name: TITLE }).first().waitFor();
});
