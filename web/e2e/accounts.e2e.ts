import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';
import { startSmtpReceiver } from './smtp';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let browser: Browser;
let page: Page | undefined;

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, path, body, token);

const writeDb = (change: Parameters<RunningServer['writeDb']>[0]) => server.writeDb(change);

/** Every scenario comes from 127.0.0.1: forget earlier attempts so the captcha only shows when a test means it. */
const forgetAttempts = () => writeDb((db) => db.prepare('DELETE FROM action_counter').run());

/** A fresh browser profile (nobody logged in) with one tab. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  page = await context.newPage();
  waitForAppOnLoad(page);
  return page;
}

async function logIn(p: Page, email: string, password: string) {
  await p.getByLabel('E-mail', { exact: true }).fill(email);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(p: Page, name: string) {
  await p.getByRole('button', { name: `Account menu of ${name}` }).click();
  await p.getByRole('link', { name: 'Log out' }).click();
  await p.getByRole('link', { name: 'Log in' }).first().waitFor();
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer((url) => autoInstall('E2E Accounts', ADMIN, url));
  browser = await launchBrowser();
  const admin = await api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  await api('PUT', '/answer/admin/api/setting/smtp', {
    from_email: 'noreply@example.com',
    from_name: 'E2E Accounts',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    encryption: '',
    smtp_authentication: false,
  }, admin.access_token);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
  await page?.context().close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

it('signs up, activates from the e-mail, logs in again and changes the password', async () => {
  forgetAttempts();
  const p = await newPage();
  const user = { name: 'newcomer', email: 'newcomer@example.com', password: 'first-pass-1', next: 'second-pass-2' };

  await p.goto(`${server.url}/users/register`);
  await p.getByLabel('Name', { exact: true }).fill(user.name);
  await p.getByLabel('E-mail', { exact: true }).fill(user.email);
  await p.getByLabel('Password', { exact: true }).fill(user.password);
  await p.getByRole('button', { name: 'Sign up' }).click();

  // Logged in but unconfirmed: the notice says where the link went.
  const notice = p.getByTestId('inactive-notice');
  await notice.getByText(`We sent an activation e-mail to ${user.email}.`).waitFor();
  await p.waitForURL(/\/users\/login\?status=inactive$/);

  await p.goto(server.url + (await smtp.linkTo(user.email, '/users/account-activation')));
  await p.waitForURL(/\/users\/account-activation\/success$/);
  await p.getByRole('heading', { name: 'Account activated' }).waitFor();

  await logOut(p, user.name);

  // A page that needs a login sends the visitor to it and back once logged in.
  await p.goto(`${server.url}/users/settings/account`);
  await p.waitForURL(/\/users\/login$/);
  await logIn(p, user.email, user.password);
  await p.waitForURL(/\/users\/settings\/account$/);

  const form = p.getByTestId('change-password-form');
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(user.next);
  await form.getByLabel('Confirm the new password', { exact: true }).fill(user.next);
  await form.getByRole('button', { name: 'Change password' }).click();
  // The server's field error lands beside the field it is about.
  await form.getByText('the current password is incorrect').waitFor();

  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await p.getByText('Password changed successfully').waitFor();

  await logOut(p, user.name);
  await p.goto(`${server.url}/users/login`);
  await logIn(p, user.email, user.password);
  await p.getByText('e-mail or password is incorrect').waitFor();
  await logIn(p, user.email, user.next);
  await p.waitForURL(`${server.url}/`);
  await p.getByRole('button', { name: `Account menu of ${user.name}` }).waitFor();
});

it('asks for a captcha after repeated failed logins and shows a new picture when the code is wrong', async () => {
  forgetAttempts();
  const p = await newPage();
  await p.goto(`${server.url}/users/login`);
  for (let i = 0; i < 3; i++) {
    const reply = p.waitForResponse((r) => r.url().endsWith('/user/login/email'));
    await logIn(p, ADMIN.email, `wrong-password-${i}`);
    expect((await reply).status()).toBe(400);
  }

  await p.getByRole('button', { name: 'Log in' }).click();
  const dialog = p.getByTestId('captcha-dialog');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByText('Captcha cannot be empty.').waitFor();

  const firstPicture = await dialog.getByTestId('captcha-image').getAttribute('src');
  expect(firstPicture).toMatch(/^data:image\/png;base64,/);
  await dialog.getByLabel('Captcha code').fill('XXXX');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByText('the captcha is wrong, try the new one').waitFor();
  expect(await dialog.getByTestId('captcha-image').getAttribute('src')).not.toBe(firstPicture);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  forgetAttempts();
});

it('lets the administrator switch the captcha off, after which failed logins ask for none', async () => {
  forgetAttempts();
  const p = await newPage();
  await p.goto(`${server.url}/users/login`);
  await logIn(p, ADMIN.email, ADMIN.password);
  await p.getByRole('button', { name: `Account menu of ${ADMIN.name}` }).waitFor();
  await p.goto(`${server.url}/admin/installed-plugins`);
  const captcha = p.locator('[data-slug="basic_captcha"]').getByRole('checkbox');
  await captcha.waitFor();
  expect(await captcha.isChecked()).toBe(true);
  await captcha.click();
  await p.getByText('Captcha is off.').waitFor();
  expect((await api<{ slug_name: string; enabled: boolean }[]>('GET', '/answer/api/v1/plugin/status')).filter((p: { slug_name: string }) => p.slug_name === 'basic_captcha')).toEqual([{ slug_name: 'basic_captcha', enabled: false }]);
  await logOut(p, ADMIN.name);

  await p.goto(`${server.url}/users/login`);
  for (let i = 0; i < 4; i++) {
    const reply = p.waitForResponse((r) => r.url().endsWith('/user/login/email'));
    await logIn(p, ADMIN.email, `wrong-password-${i}`);
    expect((await reply).status()).toBe(400);
  }
  expect(await p.getByTestId('captcha-dialog').count()).toBe(0);

  const admin = await api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  await api('PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'basic_captcha', enabled: true }, admin.access_token);
  forgetAttempts();
});

it('sends a suspended user who logs in to the suspension notice', async () => {
  forgetAttempts();
  const email = 'suspended.user@example.com';
  await api('POST', '/answer/api/v1/user/register/email', { name: 'suspended.user', e_mail: email, pass: 'suspended-pass-1' });
  // Sessions and accounts are read from the database on every request: no restart needed.
  writeDb((db) => db.prepare("UPDATE user SET status = 9, mail_status = 1 WHERE e_mail = ?").run(email));

  const p = await newPage();
  await p.goto(`${server.url}/users/login`);
  await logIn(p, email, 'suspended-pass-1');
  await p.waitForURL(/\/users\/account-suspended$/);
  await p.getByRole('heading', { name: 'Account suspended' }).waitFor();
  await p.getByText('until further notice').waitFor();

  // Every other page of the site sends them back there.
  await p.goto(`${server.url}/questions`);
  await p.waitForURL(/\/users\/account-suspended$/);
});

it('resets a forgotten password from the mailed link, which then no longer works', async () => {
  forgetAttempts();
  const email = 'forgetful@example.com';
  await api('POST', '/answer/api/v1/user/register/email', { name: 'forgetful', e_mail: email, pass: 'old-password-1' });
  writeDb((db) => db.prepare('UPDATE user SET mail_status = 1 WHERE e_mail = ?').run(email));

  const p = await newPage();
  await p.goto(`${server.url}/users/login`);
  await p.getByRole('link', { name: 'Forgot your password?' }).click();
  // The login form has an E-mail field too: fill the recovery page's, once it has loaded.
  await p.getByTestId('recovery-page').getByLabel('E-mail', { exact: true }).fill(email);
  await p.getByRole('button', { name: 'Send recovery e-mail' }).click();
  await p.getByTestId('recovery-sent').getByText(email).waitFor();

  const link = server.url + (await smtp.linkTo(email, '/users/password-reset'));
  const reset = async (password: string) => {
    await p.getByLabel('New password', { exact: true }).fill(password);
    await p.getByLabel('Confirm the new password', { exact: true }).fill(password);
    await p.getByRole('button', { name: 'Reset password' }).click();
  };
  await p.goto(link);
  await reset('new-password-2');
  await p.getByText('Your password has been reset.').waitFor();
  await p.getByRole('link', { name: 'Log in' }).last().click();
  await logIn(p, email, 'new-password-2');
  await p.waitForURL(`${server.url}/`);
  await p.getByRole('button', { name: 'Account menu of forgetful' }).waitFor();

  await p.goto(link);
  await reset('third-password-3');
  await p.getByText('This password reset link is no longer valid.').waitFor();
});

it('saves the profile with an uploaded picture, which the header then shows', async () => {
  forgetAttempts();
  const p = await newPage();
  await p.goto(`${server.url}/users/login`);
  await logIn(p, ADMIN.email, ADMIN.password);
  await p.waitForURL(`${server.url}/`);
  await p.goto(`${server.url}/users/settings/profile`);

  const form = p.getByTestId('settings-profile');
  await form.getByLabel('Display name').fill('The Admin');
  await form.getByLabel('Location').fill('Lisbon');
  await form.getByLabel('Uploaded image').check();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3366' } }).png().toBuffer();
  await form.getByLabel('Choose an image (up to 4 MB)').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const preview = form.getByRole('img', { name: 'The Admin' });
  await expect.poll(() => preview.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/uploads\/avatar\//);
  await form.getByRole('button', { name: 'Save' }).click();
  await p.getByText('Update success').waitFor();

  const menu = p.getByRole('button', { name: 'Account menu of The Admin' });
  await expect.poll(() => menu.getByRole('img').getAttribute('src')).toBe(await preview.getAttribute('src'));
  await p.reload();
  await expect.poll(() => form.getByLabel('Location').inputValue()).toBe('Lisbon');
});

// Last: the site stays private afterwards.
it('sends visitors of a private site to the login page and back where they were going', async () => {
  writeDb((db) => {
    const row = db.prepare("SELECT content FROM site_info WHERE type = 'login'").get() as { content: string };
    const content = JSON.stringify({ ...JSON.parse(row.content), login_required: true });
    db.prepare("UPDATE site_info SET content = ? WHERE type = 'login'").run(content);
  });
  // Site settings are cached for an hour: a fresh process reads the new one.
  await server.restart();
  forgetAttempts();

  const p = await newPage();
  await p.goto(`${server.url}/`);
  await p.waitForURL(/\/users\/login$/);
  await p.goto(`${server.url}/tags`);
  await p.waitForURL(/\/users\/login$/);
  await logIn(p, ADMIN.email, ADMIN.password);
  await p.waitForURL(/\/tags$/);
});
