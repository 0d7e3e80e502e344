import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const API = '/answer/api/v1';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
let memberToken = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `${API}${path}`, body, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Admin Users', ADMIN));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
  const member = await api<{ id: string; access_token: string }>('POST', '/user/register/email', { name: 'spam.sender', e_mail: 'spam@example.com', pass: 'member-pass-1' });
  server.writeDb((db) => db.prepare("UPDATE user SET mail_status = 1, rank = 1, display_name = 'Spam Sender' WHERE id = ?").run(member.id));
  memberToken = member.access_token;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('an admin suspends a member from /admin/users, and the member sees the suspended page on the next request', async () => {
  const memberPage = await openTab(browser, pages, memberToken);
  await memberPage.goto(`${server.url}/questions`);
  await memberPage.waitForLoadState('networkidle');
  expect(memberPage.url()).toBe(`${server.url}/questions`);

  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/users`);
  await admin.getByLabel('Search users').fill('spam.sender');
  await admin.getByLabel('Search users').press('Enter');
  await admin.waitForURL(/query=spam\.sender/);
  const row = admin.locator('[data-testid="admin-user-row"][data-username="spam.sender"]');
  await expect.poll(() => admin.getByTestId('admin-user-row').count()).toBe(1);
  await row.getByTestId('user-actions').click();
  await admin.getByRole('button', { name: 'Change status' }).click();
  const dialog = admin.getByTestId('user-status-dialog');
  await dialog.getByLabel('Status', { exact: true }).selectOption('suspended');
  await dialog.getByLabel('Suspend for').selectOption('7');
  await dialog.getByLabel('Reason').fill('Posts advertisements');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => row.textContent()).toContain('Suspended');
  expect(await row.textContent()).toContain('until');

  // The member's next request: the page knows at once.
  await memberPage.reload();
  await memberPage.waitForURL(`${server.url}/users/account-suspended`);
  await memberPage.getByRole('heading', { name: 'Account suspended' }).waitFor();
  await expect.poll(() => memberPage.getByTestId('suspended-until').textContent()).toMatch(/You can take part again from \d{4}-\d{2}-\d{2}/);

  // The moderation log names the action and its reason.
  await admin.goto(`${server.url}/admin/moderation-log?action=user.status`);
  await expect.poll(() => admin.getByTestId('moderation-log-row').first().textContent()).toContain('Posts advertisements');
});

it('an admin bulk-adds users (a bad line is named, nothing is added), then opens one on its page with its staff actions', async () => {
  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/users`);
  await admin.getByRole('button', { name: 'Add users in bulk' }).click();
  const dialog = admin.getByTestId('bulk-add-dialog');
  const box = dialog.getByLabel('One user per line: display name, e-mail, password');
  await box.fill('Alice Example, alice@example.com, alice-pass-1\nBob Example, bob@example.com');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect.poll(() => dialog.getByTestId('bulk-errors').textContent()).toContain('Line 2: write a display name, an e-mail address and a password');
  expect(await admin.getByTestId('admin-user-row').count()).toBe(2);

  await box.fill('Alice Example, alice@example.com, alice-pass-1\nBob Example, bob@example.com, bob-pass-12');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => admin.getByTestId('admin-user-row').count()).toBe(4);

  // An inactive account offers its activation link.
  const stuck = await api<{ id: string }>('POST', '/user/register/email', { name: 'stuck.one', e_mail: 'stuck@example.com', pass: 'member-pass-1' });
  await admin.goto(`${server.url}/admin/users/${stuck.id}`);
  await admin.getByRole('heading', { level: 1, name: 'stuck.one' }).waitFor();
  await admin.getByTestId('user-actions').click();
  await admin.getByRole('button', { name: 'Activation link' }).click();
  await admin.getByTestId('user-activation-dialog').getByRole('button', { name: 'Get an activation link' }).click();
  await expect.poll(() => admin.getByTestId('activation-link').inputValue()).toContain('/users/account-activation?code=');
  await admin.getByTestId('user-activation-dialog').getByRole('button', { name: 'Close' }).first().click();

  // The staff action shows on the person's page.
  await admin.reload();
  await expect.poll(() => admin.getByTestId('moderation-log-row').first().textContent()).toContain('Activation e-mail');
});
