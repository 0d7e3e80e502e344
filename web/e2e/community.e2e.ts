import { ACTIONS } from '@answer/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

interface Member {
  token: string;
}

let server: RunningServer;
let browser: Browser;
let adminToken = '';
/** Privilege thresholds (reputation per action) as the admin settings show them. */
let thresholds: Record<string, number> = {};
/** The tabs of the running test, for screenshots and closing. */
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);

const writeDb = (change: Parameters<RunningServer['writeDb']>[0]) => server.writeDb(change);

/** A verified account with `rank` reputation, registered through the API. */
async function member(name: string, rank: number): Promise<Member> {
  const user = await api<{ id: string; access_token: string }>('POST', '/answer/api/v1/user/register/email', {
    name,
    e_mail: `${name}@example.com`,
    pass: 'member-pass-1',
  });
  writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, rank = ? WHERE id = ?').run(rank, user.id));
  return { token: user.access_token };
}

const reputationOf = async (m: Member) => (await api<{ rank: number }>('GET', '/answer/api/v1/user/info', undefined, m.token)).rank;

async function ask(m: Member, title: string): Promise<string> {
  const q = await api<{ id: string }>('POST', '/answer/api/v1/question', { title, content: 'What is the right way to do this here?', tags: [{ slug_name: 'support' }] }, m.token);
  return String(q.id);
}

async function answer(m: Member, questionId: string, content: string): Promise<string> {
  const a = await api<{ info: { id: string } }>('POST', '/answer/api/v1/answer', { question_id: questionId, content }, m.token);
  return String(a.info.id);
}

const browse = (token?: string) => openTab(browser, pages, token);

const questionPage = (id: string) => `${server.url}/questions/${id}`;
/** "12 rep" on the author card of a post (posts here are never edited in place, so there is one card). */
const reputationOn = (post: Locator) => post.getByTitle('Reputation', { exact: true });

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Community', ADMIN));
  // The scenarios post and vote faster than a person would: lift the captcha triggers, as the
  // server tests' relaxCaptcha does (before the first throttled request, so the server reads them then).
  const captcha = Object.fromEntries(ACTIONS.map((action) => [action, { count: 100000, windowSeconds: 60 }]));
  writeDb((db) => db.prepare("INSERT INTO config (id, key, value) VALUES (9001, 'security.limits', ?)").run(JSON.stringify({ captcha })));
  browser = await launchBrowser();

  adminToken = (await api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
  const settings = await api<{ selected_level: number; options: { level: number; privileges: { key: string; value: number }[] }[] }>(
    'GET',
    '/answer/admin/api/setting/privileges',
    undefined,
    adminToken,
  );
  const selected = settings.options.find((o) => o.level === settings.selected_level)!;
  thresholds = Object.fromEntries(selected.privileges.map((p) => [p.key, p.value]));
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('counts an upvote in the score and the author reputation, undoes both, and refuses a vote on your own post', async () => {
  const author = await member('vote.author', 1);
  const voter = await member('vote.giver', thresholds['question.vote_up']!);
  const id = await ask(author, 'Which port does the server listen on by default?');

  const p = await browse(voter.token);
  await p.goto(questionPage(id));
  const question = p.getByTestId('question');
  const score = question.getByTestId('vote-score');
  await expect.poll(() => score.textContent()).toBe('0');
  await expect.poll(() => reputationOn(question).textContent()).toBe('1 rep');

  // The score moves at the click; the reload waits for the vote's reply, as the server may still be writing it.
  const voted = p.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/vote/up'));
  await question.getByRole('button', { name: 'Vote up' }).click();
  await expect.poll(() => score.textContent()).toBe('1');
  expect(await question.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('true');
  await voted;
  await p.reload();
  await expect.poll(() => score.textContent()).toBe('1');
  await expect.poll(() => reputationOn(question).textContent()).toBe('11 rep');

  // A second click on the same arrow withdraws the vote.
  const withdrawn = p.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/vote/up'));
  await question.getByRole('button', { name: 'Vote up' }).click();
  await expect.poll(() => score.textContent()).toBe('0');
  await withdrawn;
  await p.reload();
  await expect.poll(() => score.textContent()).toBe('0');
  await expect.poll(() => reputationOn(question).textContent()).toBe('1 rep');
  expect(await reputationOf(author)).toBe(1);

  expect(await reputationOf(author)).toBe(1);

  // The author (1 reputation) sees the upvote as unavailable, with what it needs.
  const own = await browse(author.token);
  await own.goto(questionPage(id));
  const upOwn = own.getByTestId('question').getByRole('button', { name: 'Vote up' });
  await expect.poll(() => upOwn.getAttribute('aria-disabled')).toBe('true');
  expect(await upOwn.getAttribute('title')).toMatch(/reputation/);

  // A member who may vote is still refused on their own post, by the server, and told why.
  const votersOwn = await ask(voter, 'Can I vote for my own question?');
  const before = await reputationOf(voter);
  await p.goto(questionPage(votersOwn));
  const ownQuestion = p.getByTestId('question');
  await expect.poll(() => ownQuestion.getByTestId('vote-score').textContent()).toBe('0');
  await ownQuestion.getByRole('button', { name: 'Vote up' }).click();
  await p.getByRole('alert').filter({ hasText: "You can't vote for your own post." }).waitFor();
  await expect.poll(() => ownQuestion.getByTestId('vote-score').textContent()).toBe('0');
  expect(await ownQuestion.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('false');
  expect(await reputationOf(voter)).toBe(before);
});

it('lets the asker accept an answer, which others then see marked and which earns the answerer 15', async () => {
  const asker = await member('accept.asker', 1);
  const answerer = await member('accept.answerer', 1);
  const id = await ask(asker, 'How do I back up the SQLite database safely?');
  await answer(answerer, id, 'Use the sqlite3 .backup command while the server runs.');

  const p = await browse(asker.token);
  await p.goto(questionPage(id));
  const mine = p.getByTestId('answer');
  await mine.getByText('Use the sqlite3 .backup command').waitFor();
  await mine.getByRole('button', { name: 'Accept' }).click();
  await mine.getByTestId('accepted-mark').waitFor();
  expect(await mine.getByRole('button', { name: 'Accepted' }).getAttribute('aria-pressed')).toBe('true');

  const visitor = await browse();
  await visitor.goto(questionPage(id));
  const seen = visitor.getByTestId('answer');
  await expect.poll(() => seen.getByTestId('accepted-mark').textContent()).toContain('Accepted');
  // Only the asker (and staff) may accept: a visitor gets no button.
  expect(await seen.getByRole('button', { name: /Accept/ }).count()).toBe(0);
  await expect.poll(() => reputationOn(seen).textContent()).toBe('16 rep');
  expect(await reputationOf(answerer)).toBe(16);
  // Accepting someone else's answer earns the asker 2.
  expect(await reputationOf(asker)).toBe(3);
});

it('closes a question as a duplicate from the close dialog, reopens it, and lists both on the timeline', async () => {
  const asker = await member('close.asker', 1);
  const original = await ask(asker, 'How do I change the site name after installing?');
  const id = await ask(asker, 'Where can I rename my site once it is installed?');

  const p = await browse(adminToken);
  await p.goto(questionPage(id));
  const question = p.getByTestId('question');
  const actions = question.getByRole('navigation', { name: 'Post actions' });
  await p.getByTestId('answer-form').waitFor();
  await actions.getByRole('button', { name: 'Close' }).click();

  const dialog = p.getByTestId('close-dialog');
  await dialog.getByRole('radio', { name: 'a duplicate' }).check();
  await dialog.getByRole('textbox', { name: 'Message' }).fill(questionPage(original));
  await dialog.getByRole('button', { name: 'Close question' }).click();
  await dialog.waitFor({ state: 'detached' });

  const banner = question.getByTestId('question-state');
  await banner.getByText('This question is closed.').waitFor();
  await expect.poll(() => banner.textContent()).toContain('a duplicate');
  await expect.poll(() => banner.textContent()).toContain(questionPage(original));
  expect(await p.getByTestId('answer-form').count()).toBe(0);
  expect(await actions.getByRole('button', { name: 'Close' }).count()).toBe(0);

  await actions.getByRole('button', { name: 'Reopen' }).click();
  await banner.waitFor({ state: 'detached' });
  await p.getByTestId('answer-form').waitFor();
  await actions.getByRole('button', { name: 'Close' }).waitFor();

  await actions.getByRole('link', { name: 'Timeline' }).click();
  await p.waitForURL(`${server.url}/posts/${id}/timeline`);
  const events = p.getByTestId('timeline-table').getByTestId('timeline-event');
  await events.first().waitFor();
  // Newest first.
  await expect.poll(() => events.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))).toEqual(['reopened', 'closed', 'asked']);
});

it('holds an edit by a mid-reputation member for review until the admin approves it', async () => {
  const asker = await member('review.asker', 1);
  const low = thresholds['question.edit']!;
  const high = thresholds['question.edit_without_review']!;
  expect(low).toBeLessThan(high);
  const rank = Math.floor((low + high) / 2);
  const editor = await member('review.editor', rank);
  const title = 'How do I send e-mail through my own SMTP server?';
  const better = 'How do I send notification e-mails through my own SMTP server?';
  const id = await ask(asker, title);

  const p = await browse(editor.token);
  await p.goto(questionPage(id));
  await p.getByTestId('question').getByRole('navigation', { name: 'Post actions' }).getByRole('link', { name: 'Edit' }).click();
  await p.waitForURL(`${server.url}/posts/${id}/edit`);
  const field = p.getByLabel('Title');
  await expect.poll(() => field.inputValue()).toBe(title);
  await field.fill(better);
  await p.getByLabel('Edit summary').fill('Say which e-mails');
  await p.getByRole('button', { name: 'Save edits' }).click();

  await p.getByRole('status').filter({ hasText: 'Your revision will show after review' }).waitFor();
  await p.waitForURL(/\/questions\/\d+/);
  await p.getByRole('heading', { level: 1, name: title }).waitFor();

  const admin = await browse(adminToken);
  await admin.goto(`${server.url}/review`);
  const edit = admin.getByTestId('suggested-edit');
  await edit.getByRole('link', { name: title }).waitFor();
  await expect.poll(() => edit.getByTestId('suggested-edit-summary').textContent()).toBe('Say which e-mails');
  await expect.poll(() => edit.getByTestId('suggested-edit-diff').textContent()).toContain('notification');
  await edit.getByRole('button', { name: 'Approve' }).click();
  await admin.getByTestId('review-empty').getByText('Nothing to review').waitFor();

  await p.goto(questionPage(id));
  await p.getByRole('heading', { level: 1, name: better }).waitFor();
  expect(await reputationOf(editor)).toBe(rank + 2);
});

it('holds a tag description edit by a mid-reputation member for review until the admin approves it', async () => {
  const low = thresholds['tag.edit']!;
  const high = thresholds['tag.edit_without_review']!;
  expect(low).toBeLessThan(high);
  const editor = await member('tag.editor', Math.floor((low + high) / 2));
  await api('POST', '/answer/api/v1/question', { title: 'How do I relay mail through a smarthost?', content: 'My host blocks port 25 for outgoing mail.', tags: [{ slug_name: 'mail-relay', display_name: 'Mail relay' }] }, adminToken);
  const tagId = (await api<{ tag_id: string }>('GET', '/answer/api/v1/tag?tag_name=mail-relay')).tag_id;
  const descriptionNow = async () => (await api<{ original_text: string }>('GET', `/answer/api/v1/tag?id=${tagId}`)).original_text;
  const description = 'Sending mail through another server that delivers it.';

  const p = await browse(editor.token);
  await p.goto(`${server.url}/tags/${tagId}/edit`);
  const displayName = p.getByLabel('Display name');
  await expect.poll(() => displayName.inputValue()).toBe('Mail relay');
  // Renaming the slug is for staff only.
  expect(await p.getByLabel('URL slug').getAttribute('readonly')).not.toBeNull();
  await p.getByTestId('edit-tag-description').locator('.cm-content').click();
  await p.keyboard.type(description);
  await p.getByLabel('Edit summary').fill('Describe the tag');
  await p.getByRole('button', { name: 'Save edits' }).click();

  await p.getByRole('status').filter({ hasText: 'Your revision will show after review' }).waitFor();
  await p.waitForURL(`${server.url}/tags/mail-relay`);
  expect(await descriptionNow()).toBe('');

  const admin = await browse(adminToken);
  await admin.goto(`${server.url}/review`);
  const edit = admin.getByTestId('suggested-edit');
  await edit.getByRole('heading', { name: 'Suggested edit of a tag' }).waitFor();
  await expect.poll(() => edit.getByTestId('suggested-edit-summary').textContent()).toBe('Describe the tag');
  await expect.poll(() => edit.getByTestId('suggested-edit-diff').textContent()).toContain(description);
  await edit.getByRole('button', { name: 'Approve' }).click();
  await admin.getByTestId('review-empty').getByText('Nothing to review').waitFor();
  expect(await descriptionNow()).toBe(description);

  // The approved edit heads the tag's history, above the version made when the tag was created.
  await p.goto(`${server.url}/tags/${tagId}/edit`);
  const revisions = p.getByLabel('Revision').locator('option');
  await expect
    .poll(() => revisions.allTextContents())
    .toEqual([expect.stringContaining('Describe the tag'), expect.stringContaining('first version by')]);
});
