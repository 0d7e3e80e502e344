import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

let server: RunningServer;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('installs a fresh site through the five wizard steps and shows it', async () => {
  page = await browser.newPage();
  waitForAppOnLoad(page);
  await page.goto(server.url);
  // A fresh data directory sends every page to the installer.
  await page.waitForURL(/\/install$/);

  const step1 = page.getByTestId('install-step-1');
  await step1.getByLabel('Choose a language').selectOption('en_US');
  await step1.getByRole('button', { name: 'Next' }).click();

  const step2 = page.getByTestId('install-step-2');
  await step2.getByLabel('Database type').selectOption('sqlite3');
  await step2.getByRole('button', { name: 'Next' }).click();

  const step3 = page.getByTestId('install-step-3');
  await step3.getByRole('button', { name: 'Next' }).click();

  const step4 = page.getByTestId('install-step-4');
  // Step 4 says what is missing, and goes back a step without losing the way forward.
  await step4.getByRole('button', { name: 'Install' }).click();
  await step4.getByText('This field is required.').first().waitFor();
  expect(await step4.getByText('Invalid e-mail address').count()).toBe(0);
  await step4.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('install-step-3').getByRole('button', { name: 'Next' }).click();
  await step4.getByLabel('Site name').fill('E2E Community');
  await step4.getByLabel('Site URL').fill(server.url);
  await step4.getByLabel('Contact e-mail').fill('contact@example.com');
  await step4.getByLabel('Admin name').fill('e2eadmin');
  await step4.getByLabel('Admin password').fill('e2e-password-1');
  await step4.getByLabel('Admin e-mail').fill('admin@example.com');
  await step4.getByRole('button', { name: 'Install' }).click();

  const step5 = page.getByTestId('install-step-5');
  await step5.getByRole('link', { name: 'Go to the site' }).click();

  await page.waitForURL(`${server.url}/`);
  await expect.poll(() => page!.getByText('E2E Community').first().isVisible(), { timeout: 15_000 }).toBe(true);

  // Installed: the wizard is gone for good.
  await page.goto(`${server.url}/install`);
  await page.waitForURL(`${server.url}/`);
});
