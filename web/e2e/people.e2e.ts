import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, dismissBadgeAlert, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const TITLE = 'Which port does the server listen on by default?';
const API = '/answer/api/v1';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
let author = { username: '', display_name: '' };
let questionId = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `${API}${path}`, body, token);

const browse = (token?: string) => openTab(browser, pages, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E People', ADMIN));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;

  // A verified member answers the admin's question, and the admin upvotes the answer: the member
  // gains reputation this week, which puts them in the directory.
  const member = await api<{ id: string; access_token: string }>('POST', '/user/register/email', { name: 'port.expert', e_mail: 'expert@example.com', pass: 'member-pass-1' });
  // Verified, and with a display name unlike the username, so links are found by what people read.
  server.writeDb((db) => db.prepare("UPDATE user SET mail_status = 1, rank = 1, display_name = 'Port Expert' WHERE id = ?").run(member.id));
  author = await api<{ username: string; display_name: string }>('GET', '/user/info', undefined, member.access_token);
  const q = await api<{ id: string }>('POST', '/question', { title: TITLE, content: 'The documentation does not say which port is used.', tags: [{ slug_name: 'support' }] }, adminToken);
  questionId = String(q.id);
  const a = await api<{ info: { id: string } }>('POST', '/answer', { question_id: questionId, content: 'It listens on port **9080** unless SITE_ADDR says otherwise.' }, member.access_token);
  await api('POST', '/vote/up', { object_id: a.info.id, is_cancel: false }, adminToken);
  // The vote earns the admin First Upvote: its popup would cover the admin's pages below.
  await dismissBadgeAlert(server, adminToken);
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("a name on an answer leads to the person's profile, whose answers tab lists that answer", async () => {
  const page = await browse();
  await page.goto(`${server.url}/questions/${questionId}`);
  await page.getByTestId('answer').getByRole('link', { name: author.display_name }).click();
  await page.waitForURL(`${server.url}/users/${author.username}`);
  await page.getByRole('heading', { level: 1, name: author.display_name }).waitFor();
  await expect.poll(() => page.getByTestId('profile-stats').textContent()).toContain('Answers');
  // A visitor sees the public tabs only.
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  expect(await tabs.getByRole('link').allTextContents()).toEqual(['Overview', 'Answers', 'Questions', 'Comments', 'Badges', 'Reputation']);
  await page.getByTestId('top-answers').getByRole('link', { name: TITLE }).waitFor();

  await tabs.getByRole('link', { name: 'Answers' }).click();
  await page.waitForURL(`${server.url}/users/${author.username}/answers`);
  const row = page.getByTestId('profile-answer');
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(new RegExp(`/questions/${questionId}/`));
  await page.getByText('It listens on port').waitFor();

  // The reputation tab lists the upvote's +10.
  await page.goto(`${server.url}/users/${author.username}/reputation`);
  await expect.poll(() => page.getByTestId('profile-activity').first().textContent()).toContain('+10');
});

it('an unknown user is the 404 page', async () => {
  const page = await browse();
  await page.goto(`${server.url}/users/no-such-person`);
  await page.getByTestId('error-page-404').waitFor();
});

it('the directory lists the member, and its search finds them by name', async () => {
  const page = await browse(adminToken);
  await page.goto(`${server.url}/users`);
  await page.getByTestId('users-reputation').getByRole('link', { name: author.display_name }).waitFor();

  const search = page.getByRole('searchbox', { name: 'Find a user by name' });
  await search.fill(author.username.slice(0, 4));
  await search.press('Enter');
  await page.waitForURL(/\/users\?q=/);
  const results = page.getByTestId('user-search-results');
  await results.getByRole('link', { name: author.display_name }).click();
  await page.waitForURL(`${server.url}/users/${author.username}`);

  // Nobody matches: the page says so.
  await page.goto(`${server.url}/users?q=zzzz`);
  await page.getByText('No user\'s name starts with “zzzz”.').waitFor();
});

it('the owner sees their votes and bookmarks tabs', async () => {
  const page = await browse(adminToken);
  await page.goto(`${server.url}/users/${ADMIN.name}/votes`);
  const row = page.getByTestId('profile-activity');
  await row.getByRole('link', { name: TITLE }).waitFor();
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Bookmarks' }).click();
  await page.getByTestId('profile-list-empty').waitFor();
});
