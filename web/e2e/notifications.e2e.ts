import { ACTIONS } from '@answer/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const API = '/answer/api/v1';

interface Member {
  token: string;
  displayName: string;
}

let server: RunningServer;
let browser: Browser;
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `${API}${path}`, body, token);

/** A verified account with `rank` reputation and a display name unlike its username. */
async function member(name: string, displayName: string, rank: number): Promise<Member> {
  const user = await api<{ id: string; access_token: string }>('POST', '/user/register/email', { name, e_mail: `${name}@example.com`, pass: 'member-pass-1' });
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, rank = ?, display_name = ? WHERE id = ?').run(rank, displayName, user.id));
  return { token: user.access_token, displayName };
}

async function ask(m: Member, title: string): Promise<string> {
  const q = await api<{ id: string }>('POST', '/question', { title, content: 'The documentation does not say how to do this.', tags: [{ slug_name: 'support' }] }, m.token);
  return String(q.id);
}

const browse = (token?: string) => openTab(browser, pages, token);

const bellCount = (page: Page) => page.getByTestId('notification-count');

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Notifications', ADMIN));
  // The scenarios post and vote faster than a person would: lift the captcha triggers (before the
  // first throttled request, so the server reads them then), as the community tests do.
  const captcha = Object.fromEntries(ACTIONS.map((action) => [action, { count: 100000, windowSeconds: 60 }]));
  server.writeDb((db) => db.prepare("INSERT INTO config (id, key, value) VALUES (9001, 'security.limits', ?)").run(JSON.stringify({ captcha })));
  browser = await launchBrowser();
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("rings the asker's bell when someone answers, lists it in the inbox, and opens the exact answer", async () => {
  const asker = await member('bell.asker', 'Bell Asker', 1);
  const answerer = await member('bell.answerer', 'Helpful Answerer', 1);
  const title = 'How do I move the data directory to another disk?';
  const id = await ask(asker, title);

  const p = await browse(asker.token);
  await p.goto(`${server.url}/questions`);
  const bell = p.getByTestId('notification-bell');
  await bell.waitFor();
  expect(await bellCount(p).count()).toBe(0);

  await api('POST', '/answer', { question_id: id, content: 'Stop the server, copy the folder, and start it with -C pointing at the copy.' }, answerer.token);
  // The poll runs every 3 s: the count arrives without a reload.
  await expect.poll(() => bellCount(p).textContent().catch(() => null), { timeout: 15_000 }).toBe('1');
  expect(await bell.getAttribute('aria-label')).toBe('Notifications: 1 unread');

  await bell.click();
  await p.waitForURL(`${server.url}/users/notifications/inbox`);
  const item = p.getByTestId('notification-item');
  await item.first().waitFor();
  expect(await item.count()).toBe(1);
  expect(await item.getAttribute('data-read')).toBe('false');
  await expect.poll(() => item.textContent()).toContain('Helpful Answerer');
  expect(await item.textContent()).toContain(title);
  // Opening the inbox clears its red dot.
  await expect.poll(() => bellCount(p).count(), { timeout: 10_000 }).toBe(0);

  await item.getByRole('link', { name: title }).click();
  await p.waitForURL((url) => url.pathname.startsWith(`/questions/`) && url.pathname.split('/').filter(Boolean).length >= 3);
  // The answer the link names is the one marked as the focus.
  const focused = p.locator('article[data-testid="answer"].border-primary');
  await focused.waitFor();
  expect(await focused.textContent()).toContain('Stop the server, copy the folder');

  // Following it marked it read.
  await p.goto(`${server.url}/users/notifications/inbox`);
  await expect.poll(() => p.getByTestId('notification-item').getAttribute('data-read')).toBe('true');
  expect(await p.getByTestId('notifications-mark-all').isDisabled()).toBe(true);
});

it('shows the First Upvote badge once to the voter, and the reputation to the author under achievements', async () => {
  const author = await member('badge.author', 'Badge Author', 1);
  const voter = await member('badge.voter', 'Badge Voter', 2000);
  const id = await ask(author, 'Which log level should I use in production?');

  const p = await browse(voter.token);
  await p.goto(`${server.url}/questions/${id}`);
  const question = p.getByTestId('question');
  await question.getByTestId('vote-score').waitFor();
  await question.getByRole('button', { name: 'Vote up' }).click();
  await expect.poll(() => question.getByTestId('vote-score').textContent()).toBe('1');

  const popup = p.getByTestId('badge-award-popup');
  await popup.waitFor({ timeout: 15_000 });
  await expect.poll(() => popup.textContent()).toContain('You earned the First Upvote badge!');
  expect(await popup.getByTestId('badge-award-level').textContent()).toBe('Bronze badge');
  const href = await popup.getByRole('link', { name: 'View badge' }).getAttribute('href');
  expect(href).toMatch(/^\/badges\/.+/);
  const acknowledged = p.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/notification/read/state'));
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await popup.waitFor({ state: 'detached' });

  // Closing acknowledged it on the server: a reload (and further polls) do not bring it back.
  await acknowledged;
  await p.reload();
  await p.getByTestId('notification-bell').waitFor();
  await p.waitForTimeout(4_000);
  expect(await p.getByTestId('badge-award-popup').count()).toBe(0);

  // The award is listed under the voter's achievements, leading to the badge.
  await p.goto(`${server.url}/users/notifications/achievement`);
  const award = p.getByTestId('notification-item');
  await award.first().waitFor();
  expect(await award.getByRole('link').first().getAttribute('href')).toBe(href);

  // The author sees the +10 on their question.
  const a = await browse(author.token);
  await a.goto(`${server.url}/users/notifications/achievement`);
  const rank = a.getByTestId('notification-rank');
  await rank.first().waitFor({ timeout: 15_000 });
  expect(await rank.first().textContent()).toBe('+10');
  expect(await a.getByTestId('notification-item').first().textContent()).toContain('Which log level should I use in production?');
});
