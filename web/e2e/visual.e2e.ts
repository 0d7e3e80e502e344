import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { autoInstall, launchBrowser, type RunningServer, startServer, waitForAppOnLoad } from './server';
import { compareWithBaseline, withinTolerance } from './visual';

/**
 * The main screens as a newcomer and an owner see them, in light, dark and on a phone: compared
 * with committed screenshots (visual.ts) and checked by axe-core for serious accessibility faults.
 */
const ADMIN = { name: 'lookadmin', email: 'look-admin@example.com', password: 'e2e-password-1' };
const MEMBER = { name: 'ada.reader', e_mail: 'ada@example.com', pass: 'member-pass-1' };
const HELPER = { name: 'bo.writer', e_mail: 'bo@example.com', pass: 'helper-pass-1' };
const DIFFS = path.join(os.tmpdir(), 'answer-e2e-visual');

const QUESTION = {
  title: 'How do I keep a migration from locking the table?',
  content: [
    'Adding a column to a **large** table blocks every write until it finishes.',
    '',
    '## What I tried',
    '',
    '- a smaller batch size',
    '- running it at night',
    '',
    '> The lock is taken for the whole rewrite.',
    '',
    '```sql',
    'ALTER TABLE orders ADD COLUMN note text;',
    '```',
    '',
    '| Rows | Time |',
    '|---|---|',
    '| 10k | 2 s |',
    '| 10M | 40 min |',
  ].join('\n'),
  tags: [{ slug_name: 'migrations' }, { slug_name: 'postgresql' }],
};

const MODES: Record<string, BrowserContextOptions> = {
  light: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  dark: { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
  phone: { viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, hasTouch: true },
};

let server: RunningServer;
let browser: Browser;
let adminToken = '';
let memberToken = '';
let questionId = '';

const api = <T>(method: string, apiPath: string, body: unknown, token: string) => server.api<T>(method, `/answer/api/v1${apiPath}`, body, token);

beforeAll(async () => {
  server = await startServer(autoInstall('Look and Feel', ADMIN));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password }, '')).access_token;
  for (const person of [MEMBER, HELPER]) await api('POST', '/user/register/email', person, '');
  server.writeDb((db) => {
    db.prepare('UPDATE user SET mail_status = 1, rank = 200, bio = ? WHERE e_mail = ?').run('Databases and **migrations**.', MEMBER.e_mail);
    db.prepare('UPDATE user SET mail_status = 1, rank = 40 WHERE e_mail = ?').run(HELPER.e_mail);
  });
  memberToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: MEMBER.e_mail, pass: MEMBER.pass }, '')).access_token;
  const helperToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: HELPER.e_mail, pass: HELPER.pass }, '')).access_token;
  // The administrator's question makes the tags: a new member may not create one.
  await api('POST', '/question', { title: 'Which index type suits a text search column?', content: 'A GIN or a GiST index, and why?', tags: QUESTION.tags }, adminToken);
  questionId = (await api<{ id: string }>('POST', '/question', QUESTION, memberToken)).id;
  const answer = await api<{ info: { id: string } }>('POST', '/answer', { question_id: questionId, content: 'Add the column as nullable first: that is instant. Then fill it in batches.' }, adminToken);
  await api('POST', '/answer', { question_id: questionId, content: 'Use `CREATE INDEX CONCURRENTLY` for the index that follows.' }, helperToken);
  await api('POST', '/answer/acceptance', { question_id: questionId, answer_id: answer.info.id }, memberToken);
  await api('POST', '/comment', { object_id: questionId, original_text: 'Which PostgreSQL version is this?', mention_username_list: [] }, adminToken);
  // Badges arrive through the outbox a moment later: their toast is hidden on every screen instead.
  await new Promise((r) => setTimeout(r, 2000));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A tab in its own profile for one mode, signed in with `token` when given. */
async function tab(mode: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ ...MODES[mode], deviceScaleFactor: 1 });
  if (token) {
    await context.addInitScript((t) => {
      if (!localStorage.getItem('_a_ltk_')) localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify(t)}`);
    }, token);
  }
  const page = await context.newPage();
  waitForAppOnLoad(page);
  return page;
}

/** Hides what arrives at its own pace (the badge toast) with a constructed stylesheet, which the CSP allows. */
const hideAsynchronous = (page: Page) =>
  page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('[data-testid="badge-award-popup"] { display: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });

const SCREENS: { name: string; path: () => string; who: 'member' | 'admin' | 'visitor'; ready: string }[] = [
  { name: 'home', path: () => '/', who: 'visitor', ready: '[data-testid="question-list-item"], main h1' },
  { name: 'question', path: () => `/questions/${questionId}`, who: 'member', ready: '[data-testid="question"]' },
  { name: 'ask', path: () => '/questions/ask', who: 'member', ready: '[data-testid="ask-form"]' },
  { name: 'profile', path: () => `/users/${MEMBER.name}`, who: 'visitor', ready: 'main h1' },
  { name: 'tags', path: () => '/tags', who: 'visitor', ready: 'main h1' },
  { name: 'search', path: () => '/search?q=migration', who: 'visitor', ready: 'main h1' },
  { name: 'notifications', path: () => '/users/notifications/inbox', who: 'member', ready: 'main h1' },
  { name: 'admin-dashboard', path: () => '/admin', who: 'admin', ready: '[data-testid="dashboard-count"]' },
  { name: 'admin-users', path: () => '/admin/users', who: 'admin', ready: 'table' },
];

describe.each(Object.keys(MODES))('the main screens, %s', (mode) => {
  for (const screen of SCREENS) {
    it(`${screen.name} looks as committed and has no serious accessibility fault`, async () => {
      const page = await tab(mode, screen.who === 'member' ? memberToken : screen.who === 'admin' ? adminToken : undefined);
      try {
        await page.goto(`${server.url}${screen.path()}`);
        await page.locator(screen.ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await hideAsynchronous(page);
        const violations = await seriousViolations(page);
        expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
        // The page must fit a phone's width: nothing scrolls sideways.
        if (mode === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const result = await compareWithBaseline(page, `${screen.name}-${mode}`, DIFFS);
        expect(withinTolerance(result), `${result.name} differs in ${(result.share * 100).toFixed(2)}% of its pixels: see ${result.diff}`).toBe(true);
      } finally {
        await page.context().close();
      }
    });
  }
});
