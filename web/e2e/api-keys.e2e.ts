import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const MEMBER = { name: 'key.holder', email: 'keys@example.com', password: 'member-pass-1', display: 'Key Holder' };
const API = '/answer/api/v1';

let server: RunningServer;
let browser: Browser;
let memberToken = '';
let username = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `${API}${path}`, body, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E API keys', ADMIN));
  browser = await launchBrowser();
  // A verified member, with a display name unlike the username (links are found by what people read).
  const member = await api<{ id: string; access_token: string }>('POST', '/user/register/email', { name: MEMBER.name, e_mail: MEMBER.email, pass: MEMBER.password });
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, display_name = ? WHERE id = ?').run(MEMBER.display, member.id));
  memberToken = member.access_token;
  username = (await api<{ username: string }>('GET', '/user/info', undefined, memberToken)).username;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a member creates a read key in Settings → Account, calls the API with it, and revoking it in the page stops it at once', async () => {
  const page = await openTab(browser, pages, memberToken);
  await page.goto(`${server.url}/`);

  // Settings from the avatar menu, then its Account tab.
  await page.getByRole('button', { name: `Account menu of ${MEMBER.display}` }).click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL(/\/users\/settings\/profile$/);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account', exact: true }).click();
  await page.waitForURL(/\/users\/settings\/account$/);

  const section = page.getByTestId('settings-api-keys');
  await section.getByRole('heading', { name: 'API keys' }).waitFor();
  await section.getByTestId('api-keys-empty').getByText('Authorization: Bearer <key>').waitFor();

  await section.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByTestId('create-api-key-dialog');
  await form.getByLabel('Name', { exact: true }).fill('Backup script');
  await form.getByLabel('Read only', { exact: true }).check();
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  // The secret, shown this once.
  const shown = page.getByTestId('api-key-secret-dialog');
  await shown.getByText('it will not be shown again').waitFor();
  const secret = await shown.getByLabel('New API key', { exact: true }).inputValue();
  expect(secret).toMatch(/^ans_/);
  await shown.getByRole('button', { name: 'Done', exact: true }).click();
  await shown.waitFor({ state: 'detached' });

  // Listed by its start only.
  const row = section.getByTestId('api-key');
  await expect.poll(() => row.count()).toBe(1);
  const listed = (await row.textContent()) ?? '';
  expect(listed).toContain('Backup script');
  expect(listed).toContain('Read only');
  expect(listed).not.toContain(secret);
  expect(await row.getByTestId('api-key-access-key').textContent()).toMatch(/^ans_/);
  expect(await page.content()).not.toContain(secret);

  // On a phone the list fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A program sends the key as a bearer token and acts as the member.
  const bearer = { headers: { Authorization: `Bearer ${secret}` } };
  const before = await page.request.get(`${server.url}${API}/user/info`, bearer);
  expect(before.status()).toBe(200);
  expect(((await before.json()) as { data: { username: string } }).data.username).toBe(username);

  // Revoked in the page (after confirming), the key is refused at once.
  await row.getByRole('button', { name: 'Revoke Backup script' }).click();
  const confirm = page.getByRole('dialog', { name: 'Notice' });
  await confirm.getByText('Revoke "Backup script"?').waitFor();
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByText('"Backup script" was revoked.').waitFor();
  await section.getByTestId('api-keys-empty').waitFor();

  const after = await page.request.get(`${server.url}${API}/user/info`, bearer);
  expect(after.status()).toBe(401);
  // The member's own session is untouched.
  expect(page.url()).toBe(`${server.url}/users/settings/account`);
});
