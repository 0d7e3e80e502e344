import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer } from './server';

/**
 * The API reference page (issue 28): Swagger UI from our own origin renders the generated OpenAPI
 * document under the site's policy (style-src relaxed for that page only), with nothing blocked.
 */
const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

let server: RunningServer;
let browser: Browser;
let page: Page;
const violations: string[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer(autoInstall('E2E API docs', ADMIN));
  browser = await launchBrowser();
  const context = await browser.newContext();
  // Injected by the browser itself, so the page's policy does not apply to this listener.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    else if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('renders the operations of the generated document with no policy violation or console error', async () => {
  const response = await page.goto(`${server.url}/answer/api/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Operations grouped by tag (closed at first), from /answer/api/docs/openapi.json.
  await page.locator('.opblock-tag[data-tag="question"]').waitFor();
  expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(20);
  await page.locator('.opblock-tag[data-tag="question"]').click();
  // (Swagger UI breaks paths with zero-width spaces: found by its data-path attribute.)
  const questionPage = page.locator('.opblock-summary-path[data-path="/answer/api/v1/question/page"]').first();
  await questionPage.waitFor();
  // One operation opened: its parameters come from the contract's query schema.
  await questionPage.click();
  await page.locator('.parameters-col_name', { hasText: 'page_size' }).first().waitFor();
  // The webhooks section lists the events.
  await page.getByText('question.created').first().waitFor();
  const reported = [...violations, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
  expect(reported).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
