import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addTestConnector, NO_MAIL_CONNECTOR, TEST_CONNECTOR } from './connector-fixture';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

let server: RunningServer;
let browser: Browser;
let page: Page | undefined;
/** What the browser complained about: console errors and uncaught exceptions. */
const problems: string[] = [];

beforeAll(async () => {
  // The connector's callback address is built from the site URL: it must be this server's.
  server = await startServer((url) => autoInstall('E2E External Sign-in', ADMIN, url));
  addTestConnector(server.dataDir);
  addTestConnector(server.dataDir, NO_MAIL_CONNECTOR);
  await server.restart();
  const admin = await server.api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  for (const connector of [TEST_CONNECTOR, NO_MAIL_CONNECTOR]) {
    await server.api('PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: connector.slug, enabled: true }, admin.access_token);
  }
  browser = await launchBrowser();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
  await page?.context().close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('signs a newcomer up through a sign-in service, back to the page they were on, and lists the login as connected', async () => {
  const context = await browser.newContext();
  page = await context.newPage();
  waitForAppOnLoad(page);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const p = page;

  await p.goto(`${server.url}/questions?page=1`);
  await p.getByRole('link', { name: 'Log in' }).first().click();
  await p.waitForURL(/\/users\/login$/);
  const button = p.getByRole('link', { name: TEST_CONNECTOR.button });
  // The plugin's logo is an image, not markup put into the page.
  expect(await button.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
  expect(await button.locator('svg').count()).toBe(0);
  await button.click();

  // Through the server and the "provider" (the fixture itself) and back: signed in where they started.
  await p.waitForURL(`${server.url}/questions?page=1`);
  await p.getByRole('button', { name: 'Account menu of New Comer' }).waitFor();
  // The session token was only ever in the landing's address: not in this page's history entry.
  expect(p.url()).not.toContain('access_token');
  expect(await p.evaluate(() => Boolean(localStorage.getItem('_a_ltk_')))).toBe(true);

  await p.getByRole('button', { name: 'Account menu of New Comer' }).click();
  await p.locator('.dropdown-menu').getByRole('link', { name: 'Settings', exact: true }).click();
  await p.getByRole('navigation', { name: 'Settings', exact: true }).getByRole('link', { name: 'Account', exact: true }).click();
  await p.waitForURL(/\/users\/settings\/account$/);
  const login = p.getByTestId('my-login').filter({ hasText: TEST_CONNECTOR.name });
  await login.getByText('Connected', { exact: true }).waitFor();
  await login.getByRole('button', { name: `Remove ${TEST_CONNECTOR.name}` }).waitFor();

  // Going back does not bring the landing (and its token) back: it was replaced by the page itself.
  await p.goBack();
  await p.goBack();
  expect(p.url()).not.toContain('access_token');

  expect(problems).toEqual([]);
});

/** A fresh browser profile that records what the page complains about. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext();
  page = await context.newPage();
  waitForAppOnLoad(page);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

it('connects a second login to the signed-in account from My logins, and removes it', async () => {
  problems.length = 0;
  const p = await freshPage();
  await p.goto(`${server.url}/users/login`);
  await p.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await p.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.getByRole('button', { name: `Account menu of ${ADMIN.name}` }).waitFor();
  await p.goto(`${server.url}/users/settings/account`);
  const login = p.getByTestId('my-login').filter({ hasText: NO_MAIL_CONNECTOR.name });
  await login.getByText('Not connected', { exact: true }).waitFor();
  await login.getByRole('link', { name: `Connect ${NO_MAIL_CONNECTOR.name}` }).click();

  // At the service and back: the login is now the administrator's, and they are still themselves.
  await p.waitForURL(`${server.url}/users/settings/account`);
  await login.getByText('Connected', { exact: true }).waitFor();
  await p.getByRole('button', { name: `Account menu of ${ADMIN.name}` }).waitFor();

  await login.getByRole('button', { name: `Remove ${NO_MAIL_CONNECTOR.name}` }).click();
  await p.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await login.getByText('Not connected', { exact: true }).waitFor();
  expect(problems).toEqual([]);
});

it('asks a person whose service vouched for no address for one, and makes their account to verify', async () => {
  problems.length = 0;
  const p = await freshPage();
  await p.goto(`${server.url}/users/login`);
  await p.getByRole('link', { name: NO_MAIL_CONNECTOR.button }).click();
  await p.waitForURL(/\/users\/confirm-email\?binding_key=/);
  await p.getByLabel('E-mail', { exact: true }).fill('no-mail@example.com');
  await p.getByRole('button', { name: 'Continue' }).click();
  // A new account, signed in, with its address still to verify (this site has no mail server: the notice says so).
  await p.getByTestId('inactive-notice').waitFor();
  expect(await p.getByTestId('inactive-notice').textContent()).toContain('Activate your account');
  // The app keeps its token as "<expiry>|<JSON>" (src/utils/storage.ts).
  const stored = (await p.evaluate(() => localStorage.getItem('_a_ltk_'))) ?? '|""';
  const token = JSON.parse(stored.slice(stored.indexOf('|') + 1)) as string;
  const me = await server.api<{ username: string; e_mail: string; mail_status: number }>('GET', '/answer/api/v1/user/info', undefined, token);
  expect(me).toMatchObject({ username: 'nomail', e_mail: 'no-mail@example.com', mail_status: 2 });
  expect(problems).toEqual([]);
});
