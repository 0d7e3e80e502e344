import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../server/test/support/fake-openai';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

// The assistant (issue 31) in a browser, against the real server and a scripted OpenAI-compatible
// provider (server/test/support/fake-openai.ts): its default reply cites the first source offered.

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const MEMBER = { name: 'curious.member', email: 'curious@example.com', password: 'member-pass-1' };
const API = '/answer/api/v1';
const TITLE = 'How do I rotate the zebra router logs every night?';
const ANSWER = 'Enable the zebra log rotation in the router settings and set the rotation time to midnight.';

let server: RunningServer;
let browser: Browser;
let fake: FakeOpenAi;
let memberToken = '';
let questionId = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startServer(autoInstall('E2E Assistant', ADMIN));
  browser = await launchBrowser();
  const adminToken = (await api<{ access_token: string }>('POST', `${API}/user/login/email`, { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
  const member = await api<{ id: string; access_token: string }>('POST', `${API}/user/register/email`, { name: MEMBER.name, e_mail: MEMBER.email, pass: MEMBER.password });
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1 WHERE id = ?').run(member.id));
  memberToken = member.access_token;

  questionId = (await api<{ id: string }>('POST', `${API}/question`, { title: TITLE, content: 'The zebra router logs fill the disk within a week.', tags: [{ slug_name: 'support' }] }, adminToken)).id;
  await api('POST', `${API}/answer`, { question_id: questionId, content: ANSWER }, adminToken);

  // The provider as an administrator sets it up in Admin → AI.
  await api(
    'PUT',
    '/answer/admin/api/ai-config',
    {
      enabled: true,
      chosen_provider: 'openai_compatible',
      ai_providers: [{ provider: 'openai_compatible', api_host: fake.url, api_key: '', model: 'fake-chat' }],
      daily_limit_per_member: 0,
      monthly_token_budget: 0,
      allowed_roles: [1, 2, 3],
    },
    adminToken,
  );
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

it('a member asks the assistant from its nav link, reads the answer with its numbered source, and follows it to the post', async () => {
  const page = await openTab(browser, pages, memberToken);
  await page.goto(`${server.url}/`);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Assistant', exact: true }).click();
  await page.waitForURL(/\/ai$/);

  const box = page.getByLabel('Your question', { exact: true });
  await box.fill('How can I rotate the zebra router logs?');
  await box.press('Enter');

  // The conversation gets its address with the first question; the answer arrives with its citation.
  await page.waitForURL(/\/ai\/[A-Za-z0-9_-]{24}$/);
  const answer = page.getByTestId('ai-answer-html');
  await answer.waitFor();
  expect(await answer.textContent()).toContain('The community already covers this');
  const sources = page.getByTestId('ai-sources');
  await sources.getByRole('link', { name: TITLE }).waitFor();
  const conversation = page.getByTestId('ai-conversations');
  await conversation.getByRole('link', { name: /zebra router logs/ }).waitFor();

  // The [n] in the answer is a link to the cited post.
  const citation = answer.getByRole('link', { name: /\[\d+\]/ });
  expect(await citation.count()).toBeGreaterThan(0);
  await citation.first().click();
  await page.waitForURL(new RegExp(`/questions/${questionId}`));
  await page.getByRole('heading', { name: TITLE }).waitFor();
});

it('the search page offers the question to the assistant, which asks it at once', async () => {
  const page = await openTab(browser, pages, memberToken);
  await page.goto(`${server.url}/search?q=zebra`);
  await page.getByTestId('search-ask-ai').click();
  await page.waitForURL(/\/ai\/[A-Za-z0-9_-]{24}$/);
  await page.getByTestId('ai-question').getByText('zebra').waitFor();
  await page.getByTestId('ai-sources').getByRole('link', { name: TITLE }).waitFor();
});

it('the ask page shows what the site already says about the question being typed', async () => {
  const page = await openTab(browser, pages, memberToken);
  await page.goto(`${server.url}/questions/ask`);
  await page.getByLabel('Title').fill('Rotating the zebra router logs at night');
  const body = page.getByTestId('ask-body').locator('.cm-content');
  await body.click();
  await page.keyboard.type('My zebra router logs grow until the disk is full. How do I rotate them?');

  const summary = page.getByTestId('ask-summary');
  await summary.getByRole('heading', { name: 'What the site already says' }).waitFor({ timeout: 30_000 });
  await summary.getByRole('link', { name: TITLE }).waitFor();
  await summary.getByRole('button', { name: 'Dismiss' }).click();
  await summary.waitFor({ state: 'detached' });
});

it('a question the site has no answer to says so, and "Ask the community" opens the ask form with it filled in', async () => {
  fake.script(() => ({ content: 'NO_ANSWER' }));
  try {
    const page = await openTab(browser, pages, memberToken);
    await page.goto(`${server.url}/ai`);
    const box = page.getByLabel('Your question', { exact: true });
    await box.fill('Which cheese is the moon made of?');
    await box.press('Enter');
    const notice = page.getByTestId('ai-not-grounded');
    await notice.getByText('The site has no answer to this yet.').waitFor();
    await notice.getByRole('link', { name: 'Ask the community' }).click();
    await page.waitForURL(/\/questions\/ask\?/);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Which cheese is the moon made of?');
    await page.getByTestId('ask-body').locator('.cm-content').getByText('Which cheese is the moon made of?').waitFor();
  } finally {
    fake.script(undefined);
  }
});
