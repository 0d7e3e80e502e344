import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { autoInstall, closeTabs, launchBrowser, openTab, type RunningServer, startServer } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };
const MEMBER = { name: 'bio.writer', email: 'writer@example.com', password: 'member-pass-1', display: 'Bio Writer' };
const API = '/answer/api/v1';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
let memberToken = '';
const pages: Page[] = [];

const api = <T>(method: string, path: string, body?: unknown, token = '') => server.api<T>(method, `${API}${path}`, body, token);

const browse = (token?: string) => openTab(browser, pages, token);

/** The id of a badge by its English name, from the public list. */
async function badgeId(name: string): Promise<string> {
  const groups = await api<{ badges: { id: string; name: string }[] }[]>('GET', '/badges');
  const badge = groups.flatMap((g) => g.badges).find((b) => b.name === name);
  if (!badge) throw new Error(`no badge named ${name}`);
  return badge.id;
}

beforeAll(async () => {
  server = await startServer(autoInstall('E2E Badges', ADMIN));
  browser = await launchBrowser();
  adminToken = (await api<{ access_token: string }>('POST', '/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password })).access_token;
  const member = await api<{ id: string; access_token: string }>('POST', '/user/register/email', { name: MEMBER.name, e_mail: MEMBER.email, pass: MEMBER.password });
  // Verified, and with a display name unlike the username, so links are found by what people read.
  server.writeDb((db) => db.prepare('UPDATE user SET mail_status = 1, display_name = ? WHERE id = ?').run(MEMBER.display, member.id));
  memberToken = member.access_token;
});
afterEach(async (ctx) => closeTabs(ctx.task.name, ctx.task.result?.state === 'fail', pages));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('the badges page lists the built-in badges by group, and a badge opens its page', async () => {
  const page = await browse();
  await page.goto(`${server.url}/badges`);
  const groups = page.getByTestId('badge-group');
  await expect.poll(() => groups.locator('h2').allTextContents()).toEqual(['Getting Started', 'Community', 'Posting']);
  const gettingStarted = groups.filter({ hasText: 'Getting Started' });
  await gettingStarted.getByRole('link', { name: 'Autobiographer' }).waitFor();
  expect(await groups.filter({ hasText: 'Posting' }).getByTestId('badge-card').filter({ hasText: 'Great Answer' }).getByTestId('badge-level').textContent()).toBe('Gold');

  await gettingStarted.getByRole('link', { name: 'Autobiographer' }).click();
  await page.waitForURL(new RegExp('/badges/[^/?]+$'));
  await page.getByRole('heading', { level: 1, name: 'Autobiographer' }).waitFor();
  await expect.poll(() => page.getByTestId('badge-facts').textContent()).toContain('Earned once per person');
  await page.getByTestId('badge-awards-empty').getByText('Nobody has earned this badge yet.').waitFor();
});

it('saving a bio earns Autobiographer, which shows on the profile badges tab and on the badge page', async () => {
  const page = await browse(memberToken);
  await page.goto(`${server.url}/users/settings/profile`);
  const form = page.getByTestId('settings-profile');
  await form.getByLabel('About me').fill('I write **tests** for badges.');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Update success').waitFor();

  // The award is made by the outbox worker just after the save: look until it is there.
  const tab = page.getByTestId('profile-list-badges');
  await expect
    .poll(
      async () => {
        await page.goto(`${server.url}/users/${MEMBER.name}/badges`);
        await tab.waitFor();
        await tab.getByTestId('badge-card').or(tab.getByTestId('profile-list-empty')).first().waitFor();
        return tab.getByTestId('badge-card').allTextContents();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toEqual([expect.stringContaining('Autobiographer')]);

  // The member is told once, by the award popup; closing it marks it seen.
  const popup = page.getByTestId('badge-award-popup');
  await popup.getByText('You earned the Autobiographer badge!').waitFor();
  await popup.getByTestId('badge-award-actions').getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });

  // The overview lists it among the latest badges.
  await page.goto(`${server.url}/users/${MEMBER.name}`);
  await page.getByTestId('recent-badges').getByRole('link', { name: 'Autobiographer' }).waitFor();

  // The card leads to the person's awards of the badge.
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Badges' }).click();
  await tab.getByRole('link', { name: 'Autobiographer' }).click();
  await page.waitForURL(new RegExp(`/badges/[^/?]+\\?username=${MEMBER.name.replace('.', '\\.')}$`));
  await page.getByRole('heading', { level: 2, name: `Awarded to ${MEMBER.name}` }).waitFor();
  await page.getByTestId('badge-award').getByRole('link', { name: MEMBER.display }).waitFor();
  await expect.poll(() => page.getByTestId('badge-earned').textContent()).toBe('You earned this badge');

  // Everyone's awards: one, by the member; and the list says the viewer has earned it.
  await page.getByRole('link', { name: "Show everyone's awards" }).click();
  await page.getByRole('heading', { level: 2, name: 'Recent awards' }).waitFor();
  await expect.poll(() => page.getByTestId('badge-award').count()).toBe(1);
  await expect.poll(() => page.getByTestId('badge-award-count').textContent()).toBe('Awarded once');
  await page.goto(`${server.url}/badges`);
  const card = page.getByTestId('badge-card').filter({ hasText: 'Autobiographer' });
  await expect.poll(() => card.getByTestId('badge-earned').textContent()).toBe('Earned');
});

it('the admin deactivates a badge after confirming: it leaves the badge list and the profile, and comes back when activated', async () => {
  const id = await badgeId('Autobiographer');
  const page = await browse(adminToken);
  await page.goto(`${server.url}/admin/badges`);
  const search = page.getByRole('searchbox', { name: 'Search badges' });
  await search.fill('Autobiographer');
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(/\/admin\/badges\?q=Autobiographer$/);
  const rows = page.getByTestId('admin-badge-row');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await rows.locator('td').nth(1).textContent()).toBe('Getting Started');

  await rows.getByRole('button', { name: 'Deactivate Autobiographer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Deactivate “Autobiographer”?').waitFor();
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await page.getByText('Autobiographer is inactive.').waitFor();
  await expect.poll(() => rows.locator('.badge').textContent()).toBe('Inactive');

  // The inactive filter finds it; the active one does not.
  await page.getByRole('navigation', { name: 'Show badges by status' }).getByRole('link', { name: 'Active', exact: true }).click();
  await page.getByTestId('admin-badges-empty').waitFor();
  await page.getByRole('navigation', { name: 'Show badges by status' }).getByRole('link', { name: 'Inactive', exact: true }).click();
  await expect.poll(() => rows.count()).toBe(1);

  // Visitors no longer see it: not on the list, its page is not found, the profile does not show it.
  const visitor = await browse();
  await visitor.goto(`${server.url}/badges`);
  await visitor.getByTestId('badge-card').filter({ hasText: 'Editor' }).waitFor();
  expect(await visitor.getByTestId('badge-card').filter({ hasText: 'Autobiographer' }).count()).toBe(0);
  await visitor.goto(`${server.url}/badges/${id}`);
  await visitor.getByTestId('error-page-404').waitFor();
  await visitor.goto(`${server.url}/users/${MEMBER.name}/badges`);
  await visitor.getByTestId('profile-list-empty').waitFor();

  // Activated again, it is back with its award.
  await rows.getByRole('button', { name: 'Activate Autobiographer' }).click();
  await dialog.getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByText('Autobiographer is active.').waitFor();
  await visitor.goto(`${server.url}/users/${MEMBER.name}/badges`);
  await visitor.getByTestId('profile-list-badges').getByRole('link', { name: 'Autobiographer' }).waitFor();
});
