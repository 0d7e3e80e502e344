import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

/** A Stack Exchange dump brought in with the CLI, then read in the browser as a visitor would. */
const ADMIN = { name: 'importadmin', email: 'import-admin@example.com', password: 'e2e-password-1' };
const ROOT = path.resolve(import.meta.dirname, '../..');
const TITLE = 'How long should bread dough rise?';

const xml = (root: string, rows: Record<string, string | number>[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows
    .map((r) => `  <row ${Object.entries(r).map(([k, v]) => `${k}="${String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`).join(' ')} />`)
    .join('\n')}\n</${root}>\n`;

/** A dump in the published format, in a folder named after its site as Stack Exchange names them. */
function writeDump(): string {
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'se-dump-')), 'cooking.stackexchange.com');
  fs.mkdirSync(folder);
  const at = '2021-03-04T10:20:30.000';
  fs.writeFileSync(
    path.join(folder, 'Users.xml'),
    xml('users', [
      { Id: 7, Reputation: 120, CreationDate: at, DisplayName: 'Baker Bea', LastAccessDate: at, Location: 'Lyon', AboutMe: '<p>I bake.</p>', Views: 3, UpVotes: 1, DownVotes: 0 },
      { Id: 9, Reputation: 560, CreationDate: at, DisplayName: 'Chef Cho', LastAccessDate: at, Views: 9, UpVotes: 4, DownVotes: 0 },
    ]),
  );
  fs.writeFileSync(
    path.join(folder, 'Posts.xml'),
    xml('posts', [
      {
        Id: 101, PostTypeId: 1, AcceptedAnswerId: 103, CreationDate: at, Score: 5, ViewCount: 321, OwnerUserId: 7, LastActivityDate: at, Title: TITLE, Tags: '|bread|dough|', AnswerCount: 2, CommentCount: 1, ContentLicense: 'CC BY-SA 4.0',
        Body: '<p>My dough never <strong>doubles</strong>. I tried:</p><ul><li>a warmer room</li><li>more yeast</li></ul><pre><code>flour 500 g\nwater 350 g\n</code></pre>',
      },
      { Id: 102, PostTypeId: 2, ParentId: 101, CreationDate: at, Score: 1, OwnerUserId: 9, LastActivityDate: at, CommentCount: 0, ContentLicense: 'CC BY-SA 4.0', Body: '<p>Give it more time in a cooler place.</p>' },
      { Id: 103, PostTypeId: 2, ParentId: 101, CreationDate: at, Score: 8, OwnerUserId: 9, LastActivityDate: at, CommentCount: 0, ContentLicense: 'CC BY-SA 4.0', Body: '<p>Until it has <em>doubled</em>, usually one to two hours.</p>' },
    ]),
  );
  fs.writeFileSync(path.join(folder, 'Comments.xml'), xml('comments', [{ Id: 501, PostId: 101, Score: 0, Text: 'Which flour do you use?', CreationDate: at, UserId: 9, ContentLicense: 'CC BY-SA 4.0' }]));
  fs.writeFileSync(path.join(folder, 'Tags.xml'), xml('tags', [{ Id: 1, TagName: 'bread', Count: 1 }, { Id: 2, TagName: 'dough', Count: 1 }]));
  return folder;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let questionId = '';

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Import', ADMIN));
  browser = await launchBrowser();
  const folder = writeDump();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'server/bin/answer.js'), 'import', 'stackexchange', folder, '-C', server.dataDir], { env: { ...process.env, CI: '1' } });
  expect(stdout).toContain('Imported');
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  server.writeDb((db) => {
    questionId = String((db.prepare('SELECT id FROM question WHERE title = ?').get(TITLE) as { id: number | string }).id);
  });
  page = await (await browser.newContext()).newPage();
  waitForAppOnLoad(page);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('shows an imported question as Markdown, with its answers, the accepted one marked, and the attribution the licence asks for', async () => {
  await page.goto(`${server.url}/questions/${questionId}`);
  const question = page.getByTestId('question');
  const body = question.getByTestId('question-body');
  await body.waitFor();
  expect(await body.locator('strong').textContent()).toBe('doubles');
  expect(await body.locator('li').allTextContents()).toEqual(['a warmer room', 'more yeast']);
  expect(await body.locator('pre code').textContent()).toContain('flour 500 g');

  const source = question.getByTestId('post-source');
  expect(await source.textContent()).toContain('Originally posted on cooking.stackexchange.com by Baker Bea');
  expect(await source.getByTestId('post-source-link').getAttribute('href')).toBe('https://cooking.stackexchange.com/questions/101');
  expect(await source.getByTestId('post-source-author').getAttribute('href')).toBe('https://cooking.stackexchange.com/users/7');
  expect(await source.getByTestId('post-source-license').textContent()).toBe('CC BY-SA 4.0');

  const answers = page.getByTestId('answer');
  await expect.poll(() => answers.count()).toBe(2);
  const accepted = answers.filter({ has: page.getByTestId('accepted-mark') });
  expect(await accepted.count()).toBe(1);
  expect(await accepted.textContent()).toContain('one to two hours');
  expect(await accepted.getByTestId('post-source').textContent()).toContain('by Chef Cho');
});
