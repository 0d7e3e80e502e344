import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

let server: RunningServer;
let browser: Browser;
let page: Page;
let questionUrl = '';
/** What the browser reported blocking: `securitypolicyviolation` events and CSP console errors. */
const violations: string[] = [];

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Security', ADMIN));
  browser = await launchBrowser();
  const admin = await server.api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  // Post HTML that uses what the policy must allow: aligned table cells (style attributes), code
  // highlighting, an image by URL.
  const question = await server.api<{ id: string }>(
    'POST',
    '/answer/api/v1/question',
    {
      title: 'Which headers does the site send with every page?',
      content: '| Header | Value |\n|:--|--:|\n| nosniff | yes |\n\n```js\nconst x = 1;\n```\n\n![logo](https://example.invalid/logo.png)',
      tags: [{ slug_name: 'support' }],
    },
    admin.access_token,
  );
  questionUrl = `${server.url}/questions/${question.id}`;

  const context = await browser.newContext();
  // Init scripts are injected by the browser itself, not by the page, so the policy does not apply to them.
  await context.addInitScript((token) => {
    if (!localStorage.getItem('_a_ltk_')) localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify(token)}`);
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  }, admin.access_token);
  page = await context.newPage();
  waitForAppOnLoad(page);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('dialog', (dialog) => void dialog.accept());
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Violations reported so far on the current page, plus console reports of every page. */
const reported = async () => [...violations, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];

it('sends the policy with the app and the home page runs under it', async () => {
  const response = await page.goto(server.url);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('link', { name: 'Which headers does the site send with every page?' }).first().waitFor();
  expect(await reported()).toEqual([]);
});

it('shows a question page with a table, code and an image by URL without violations', async () => {
  await page.goto(questionUrl);
  await page.getByRole('heading', { name: 'Which headers does the site send with every page?' }).waitFor();
  const cell = page.getByRole('cell', { name: 'yes' });
  await cell.waitFor();
  // The right alignment comes from a style attribute in the sanitised HTML.
  expect(await cell.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
  expect(await reported()).toEqual([]);
});

it('runs the Markdown editor, whose styles the page nonce admits', async () => {
  await page.goto(`${server.url}/questions/ask`);
  const editor = page.locator('.cm-editor').first();
  await editor.waitFor();
  await editor.locator('.cm-content').click();
  await page.keyboard.type('Typed under the policy.');
  // CodeMirror's base theme (a nonce-carrying <style>) makes the editor a flex column.
  expect(await editor.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  expect(await reported()).toEqual([]);
});

it('checks a form against its schema without evaluating code (zod runs without its JIT)', async () => {
  await page.goto(`${server.url}/users/settings/profile`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor();
  // Saving checks the form with the contract's schema in the browser first.
  const saved = page.waitForResponse((res) => res.url().endsWith('/answer/api/v1/user/info') && res.request().method() === 'PUT');
  await save.click();
  expect((await saved).status()).toBe(200);
  expect(await reported()).toEqual([]);
});
