import { ACTIONS } from '@answer/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const MODERATOR_ROLE = 3;

let server: RunningServer;
let browser: Browser;
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);

/** A verified account with `rank` reputation, registered through the API; `role` 3 makes a moderator. */
async function member(name: string, rank: number, role?: number): Promise<{ id: string; token: string }> {
  const user = await api<{ id: string; access_token: string }>('POST', '/answer/api/v1/user/register/email', {
    name,
    e_mail: `${name}@example.com`,
    pass: 'member-pass-1',
  });
  server.writeDb((db) => {
    db.prepare('UPDATE user SET mail_status = 1, rank = ? WHERE id = ?').run(rank, user.id);
    if (role) db.prepare('INSERT INTO user_role_rel (user_id, role_id, created_at) VALUES (?, ?, ?)').run(user.id, role, Math.floor(Date.now() / 1000));
  });
  return { id: String(user.id), token: user.access_token };
}

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Flags', ADMIN));
  const captcha = Object.fromEntries(ACTIONS.map((action) => [action, { count: 100000, windowSeconds: 60 }]));
  server.writeDb((db) => db.prepare("INSERT INTO config (id, key, value) VALUES (9001, 'security.limits', ?)").run(JSON.stringify({ captcha })));
  browser = await launchBrowser();
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a member flags an answer as spam, a moderator deletes it from the flag queue, and visitors no longer see it', async () => {
  const asker = await member('flag.asker', 1);
  const spammer = await member('flag.spammer', 1);
  const flagger = await member('flag.reader', 1);
  const moderator = await member('flag.moderator', 1, MODERATOR_ROLE);
  const q = await api<{ id: string }>('POST', '/answer/api/v1/question', { title: 'Which database should a small site use?', content: 'Trying to choose one for a small community site.', tags: [{ slug_name: 'support' }] }, asker.token);
  const spam = 'Buy cheap watches at the best prices, visit our shop today!';
  await api('POST', '/answer/api/v1/answer', { question_id: q.id, content: spam }, spammer.token);
  const questionUrl = `${server.url}/questions/${q.id}`;

  // The member flags the answer from its menu.
  const reader = await openTab(browser, pages, flagger.token);
  await reader.goto(questionUrl);
  const answer = reader.getByTestId('answer').filter({ hasText: 'Buy cheap watches' });
  await answer.getByRole('navigation', { name: 'Post actions' }).getByRole('button', { name: 'Flag' }).click();
  const dialog = reader.getByTestId('flag-dialog');
  await dialog.getByRole('radio', { name: 'not an answer' }).waitFor();
  // Submitting without a reason is refused in the form.
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await dialog.getByText('Choose a reason.').waitFor();
  await dialog.getByRole('radio', { name: 'spam' }).check();
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await dialog.waitFor({ state: 'detached' });
  await reader.getByText('Thanks, a moderator will look at it.').waitFor();

  // Flagging it again says it is flagged already.
  await answer.getByRole('navigation', { name: 'Post actions' }).getByRole('button', { name: 'Flag' }).click();
  await dialog.getByRole('radio', { name: 'spam' }).check();
  await dialog.getByRole('button', { name: 'Flag' }).click();
  await dialog.getByText(/already flagged/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The moderator sees the flag queue's count, the post with its flag, and deletes it.
  const mod = await openTab(browser, pages, moderator.token);
  await mod.goto(`${server.url}/review?type=flagged_post`);
  const item = mod.getByTestId('flagged-post');
  await item.getByText('Flagged answer').waitFor();
  await expect.poll(() => item.getByTestId('flagged-post-body').textContent()).toContain('Buy cheap watches');
  const flags = item.getByTestId('flag-entry');
  await expect.poll(() => flags.count()).toBe(1);
  await expect.poll(() => flags.first().textContent()).toContain('spam');
  await expect.poll(() => flags.first().textContent()).toContain('flag.reader');
  await item.getByRole('button', { name: 'Delete' }).click();
  await mod.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await mod.getByTestId('review-empty').getByText('Nothing to review').waitFor();

  // Visitors no longer see the answer.
  const visitor = await openTab(browser, pages);
  await visitor.goto(questionUrl);
  await visitor.getByRole('heading', { level: 1, name: 'Which database should a small site use?' }).waitFor();
  await visitor.waitForLoadState('networkidle');
  expect(await visitor.getByText('Buy cheap watches').count()).toBe(0);
  const answers = await api<{ list: unknown[] }>('GET', `/answer/api/v1/answer/page?question_id=${q.id}`);
  expect(answers.list).toHaveLength(0);
});
