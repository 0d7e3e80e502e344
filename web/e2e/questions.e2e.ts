import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, dismissBadgeAlert, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const TITLE = 'How do I switch the database to PostgreSQL?';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let questionUrl = '';
let mentionUsername = '';
let adminToken = '';

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `/answer/api/v1${path}`, body, token);

/** Types into a CodeMirror editor found by its test id. */
async function typeInEditor(testId: string, text: string) {
  const content = page.getByTestId(testId).locator('.cm-content');
  await content.click();
  await page.keyboard.type(text);
}

beforeAll(async () => {
  // The server installs itself from the environment. SITE_URL only goes into e-mails, and the
  // helper picks the port itself, so a fixed address is enough here.
  server = await startServer(autoInstall('E2E Questions', ADMIN));
  browser = await launchBrowser();

  const admin = await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  // A second account to mention: registering leaves it unverified, which the mention search accepts.
  const other = await api<{ username: string }>('POST', '/user/register/email', { name: 'mention.target', e_mail: 'mention@example.com', pass: 'mention-pass-1' });
  mentionUsername = other.username;
  adminToken = admin.access_token;

  context = await browser.newContext();
  // Logged in as the admin: the token in the app's storage format ("<expiry>|<JSON>").
  await context.addInitScript((token) => {
    if (!localStorage.getItem('_a_ltk_')) localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify(token)}`);
  }, admin.access_token);
  page = await context.newPage();
  waitForAppOnLoad(page);
  // Reloading a form with changes asks "leave the page?": the tests mean it.
  page.on('dialog', (dialog) => void dialog.accept());
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const draftOnPage = () => page.evaluate(() => localStorage.getItem('_a_draft_q_'));

it('asks a question with an existing tag, keeping a draft until it is posted', async () => {
  await page.goto(`${server.url}/questions/ask`);
  await page.getByLabel('Title').fill(TITLE);
  await typeInEditor('ask-body', 'I want to use **PostgreSQL** instead of SQLite.');
  await page.getByLabel('Tags').pressSequentially('supp');
  await page.getByRole('option', { name: 'support' }).click();

  // Saved after a 3 s pause, and restored on return.
  await expect.poll(draftOnPage, { timeout: 6000 }).toContain('PostgreSQL');
  await page.reload();
  await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(TITLE);
  await page.getByText('Your unfinished question was restored.').waitFor();
  await page.getByTestId('ask-body').locator('.cm-content').getByText('PostgreSQL').waitFor();
  await page.getByRole('button', { name: /Remove tag support/ }).waitFor();

  await page.getByRole('button', { name: 'Post your question' }).click();
  await page.waitForURL(/\/questions\/\d+$/);
  questionUrl = page.url();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  expect(await page.getByTestId('question-body').innerHTML()).toContain('<strong>PostgreSQL</strong>');
  await page.getByTestId('question').getByRole('link', { name: 'support' }).waitFor();

  // Removed on submit, and no save pending from before the submit brings it back.
  await page.waitForTimeout(3500);
  expect(await draftOnPage()).toBeNull();
});

it('lists the new question first on the home page', async () => {
  await page.goto(server.url);
  const first = page.getByTestId('question-item').first();
  await first.getByRole('link', { name: TITLE }).waitFor();
  expect(await first.textContent()).toContain(`${ADMIN.name}asked`);
  await first.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(questionUrl);
});

it('answers the question, then offers to edit that answer instead of a second one', async () => {
  await page.goto(questionUrl);
  await typeInEditor('answer-body', 'Set DB_TYPE=postgres and restart.');
  await page.getByRole('button', { name: 'Post your answer' }).click();
  const answer = page.getByTestId('answer');
  await answer.getByText('Set DB_TYPE=postgres and restart.').waitFor();
  await page.getByRole('heading', { name: '1 Answer' }).waitFor();
  await page.getByTestId('already-answered').getByRole('link', { name: 'Edit your answer' }).waitFor();
  expect(await page.getByTestId('answer-form').count()).toBe(0);
});

it('comments on the question with an @mention picked from the list', async () => {
  await page.goto(questionUrl);
  const comments = page.getByTestId('question').locator('[data-testid^="comments-"]');
  await comments.getByRole('button', { name: 'Add a comment' }).click();
  const box = comments.getByRole('combobox', { name: 'Comment' });
  await box.pressSequentially('Thanks @menti');
  await page.getByRole('option', { name: /mention\.target/ }).click();
  await box.pressSequentially('for the hint');
  await comments.getByRole('button', { name: 'Add comment' }).click();

  const comment = comments.getByTestId('comment').first();
  const mention = comment.getByRole('link', { name: `@${mentionUsername}` });
  await mention.waitFor();
  expect(await mention.getAttribute('href')).toBe(`/users/${mentionUsername}`);
  expect(await comment.textContent()).toContain('for the hint');
});

it('edits the question with an uploaded image that shows in the preview', async () => {
  await page.goto(questionUrl);
  await page.getByTestId('question').getByRole('link', { name: 'Edit', exact: true }).click();
  await page.waitForURL(/\/posts\/\d+\/edit$/);
  const title = page.getByLabel('Title');
  await expect.poll(() => title.inputValue()).toBe(TITLE);
  await title.fill(`${TITLE} (with a diagram)`);

  await page.getByTestId('edit-body').locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();
  await page.getByLabel('Upload an image').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: png });
  const url = page.getByLabel('Image address (URL)');
  await expect.poll(() => url.inputValue(), { timeout: 10_000 }).toMatch(/^\/uploads\/post\/\w+\.png$/);
  const uploaded = await url.inputValue();
  await page.getByRole('button', { name: 'Insert' }).click();

  const preview = page.getByTestId('editor-preview').locator(`img[src="${uploaded}"]`);
  await preview.waitFor();
  expect(await preview.getAttribute('alt')).toBe('diagram');

  await page.getByLabel('Edit summary').fill('Added a diagram');
  await page.getByRole('button', { name: 'Save edits' }).click();
  await page.waitForURL(questionUrl);
  await page.getByRole('heading', { level: 1, name: `${TITLE} (with a diagram)` }).waitFor();
  await page.getByTestId('question-body').locator(`img[src="${uploaded}"]`).waitFor();
  // The first edit earns the Editor badge: its popup would cover the next test's page.
  await dismissBadgeAlert(server, adminToken);
});

it('posts a question as a newcomer would: similar questions while typing, Enter takes the suggested tag, no leave-page question', async () => {
  const dialogs: string[] = [];
  const record = (dialog: Dialog) => dialogs.push(dialog.message());
  page.on('dialog', record);
  try {
    await page.goto(`${server.url}/questions/ask`);
    const title = page.getByLabel('Title');
    await title.pressSequentially('Can I switch the database');
    // Shown while typing, before anything is posted.
    await page.getByTestId('similar-questions').getByRole('link', { name: `${TITLE} (with a diagram)` }).waitFor();
    await title.pressSequentially(' while the site is running?');
    await typeInEditor('ask-body', 'Without stopping the server, if possible.');

    // "supp" and Enter: the suggested "support", not a new tag "supp".
    await page.getByLabel('Tags').pressSequentially('supp');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove tag support' }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove tag supp', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.waitForURL(/\/questions\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Can I switch the database while the site is running?' }).waitFor();
    expect(dialogs).toEqual([]);

    // Editing it: similar questions never list the question itself.
    const ownUrl = page.url();
    await page.getByTestId('question').getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/posts\/\d+\/edit$/);
    const editTitle = page.getByLabel('Title');
    await expect.poll(() => editTitle.inputValue()).toBe('Can I switch the database while the site is running?');
    await editTitle.fill('switch the database');
    const similar = page.getByTestId('similar-questions');
    await similar.getByRole('link', { name: `${TITLE} (with a diagram)` }).waitFor();
    expect(await similar.getByRole('link', { name: /while the site is running/ }).count()).toBe(0);
    await editTitle.fill('Can I switch the database while the site is running, without downtime?');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await page.waitForURL(ownUrl);
    await page.getByRole('heading', { level: 1, name: /without downtime/ }).waitFor();
    expect(dialogs).toEqual([]);
  } finally {
    page.off('dialog', record);
  }
});

it('lights a navigation link only on its own pages, and shows the links once on a wide screen', async () => {
  await page.goto(`${server.url}/users`);
  const current = page.getByRole('navigation', { name: 'Sections' }).locator('a[aria-current="page"]');
  await expect.poll(() => current.allTextContents()).toEqual(['Users']);
  expect(await page.getByRole('link', { name: 'Users', exact: true }).locator('visible=true').count()).toBe(1);

  await page.goto(`${server.url}/users/settings/profile`);
  await page.getByRole('link', { name: 'Questions', exact: true }).waitFor();
  expect(await current.count()).toBe(0);
});
