import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eowner', email: 'owner@example.com', password: 'e2e-password-1' };
const API = '/answer/api/v1';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Settings', ADMIN));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', `${API}/user/login/email`, { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Saves the open settings form: the server accepts it and the page confirms with a toast. */
async function save(page: Page, testId: string) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/answer/admin/api/siteinfo/'));
  await page.getByTestId(testId).getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  // An earlier save's toast may still be showing: the newest one is this save's.
  await page.getByText('Settings saved.').last().waitFor();
}

it('the owner renames the site: the header follows at once, and a visitor sees the new name', async () => {
  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/general`);
  const form = admin.getByTestId('settings-general');
  await form.getByLabel('Site name').fill('Renamed Community');
  await save(admin, 'settings-general');
  // Same page, no reload: the header reads the refreshed settings.
  await expect.poll(() => admin.locator('header').textContent()).toContain('Renamed Community');

  const visitor = await openTab(browser, pages);
  await visitor.goto(`${server.url}/questions`);
  await expect.poll(() => visitor.locator('header').textContent()).toContain('Renamed Community');
});

it('the owner makes the site private: a signed-out visitor is sent to the login page', async () => {
  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/login`);
  await admin.getByTestId('settings-login').getByLabel('Private site').check();
  await save(admin, 'settings-login');

  const visitor = await openTab(browser, pages);
  await visitor.goto(`${server.url}/questions`);
  await visitor.waitForURL(/\/users\/login/);
  const robots = await (await fetch(`${server.url}/robots.txt`)).text();
  expect(robots).toBe('User-agent: *\nDisallow: /\n');

  await admin.getByTestId('settings-login').getByLabel('Private site').uncheck();
  await save(admin, 'settings-login');
  await visitor.goto(`${server.url}/questions`);
  await visitor.waitForURL(`${server.url}/questions`);
});

it('the owner publishes terms of service, and the sign-up page links them', async () => {
  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/legal`);
  const editor = admin.getByTestId('legal-terms_of_service').locator('.cm-content');
  await editor.click();
  await admin.keyboard.type('# Our terms\n\nBe **kind** to each other.');
  await save(admin, 'settings-legal');

  const visitor = await openTab(browser, pages);
  await visitor.goto(`${server.url}/users/register`);
  // The footer may link the terms too once they are published: the sign-up form's own link is meant.
  await visitor.getByTestId('signup-page').getByRole('link', { name: 'Terms of service' }).click();
  await visitor.waitForURL(`${server.url}/tos`);
  await visitor.getByRole('heading', { name: 'Our terms' }).waitFor();
  expect(await visitor.locator('strong', { hasText: 'kind' }).count()).toBe(1);
});

it('the owner uploads a logo, which then appears in the header instead of the name', async () => {
  const admin = await openTab(browser, pages, adminToken);
  await admin.goto(`${server.url}/admin/branding`);
  const png = await sharp({ create: { width: 240, height: 60, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const form = admin.getByTestId('branding-form');
  await form.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  const preview = form.getByRole('img', { name: 'Preview of the Logo' });
  await expect.poll(() => preview.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/uploads\/branding\//);
  await save(admin, 'branding-form');
  const uploaded = await preview.getAttribute('src');
  // The owner's own header follows without a reload.
  await expect.poll(() => admin.locator('header img').first().getAttribute('src')).toBe(uploaded);

  const visitor = await openTab(browser, pages);
  await visitor.goto(`${server.url}/questions`);
  await expect.poll(() => visitor.locator('header img').first().getAttribute('src')).toBe(uploaded);
});
