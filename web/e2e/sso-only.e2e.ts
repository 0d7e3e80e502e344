import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { OIDC_CLIENT, PERSON, startIdentityProvider, type TestIdentityProvider } from './oidc-provider-fixture';
import { autoInstall, launchBrowser, type RunningServer, screenshotOnFailure, startServer, waitForAppOnLoad } from './server';

const ADMIN = { name: 'e2eadmin', email: 'admin@example.com', password: 'e2e-password-1' };

let server: RunningServer;
let idp: TestIdentityProvider;
let browser: Browser;
let page: Page | undefined;
/** What the browser complained about on the site: console errors and uncaught exceptions. */
const problems: string[] = [];

beforeAll(async () => {
  // The connector's callback and the logout's way back are built from the site URL: it must be this server's.
  server = await startServer((url) => autoInstall('E2E Single Sign-on', ADMIN, url));
  idp = await startIdentityProvider(server.url);
  const admin = await server.api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
  // As the admin's form sends it: every switch with its value (a switch left out is off).
  await server.api(
    'PUT',
    '/answer/admin/api/plugin/config',
    {
      plugin_slug_name: 'oidc',
      config_fields: { mode: 'oidc', preset: 'keycloak', client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, issuer_url: idp.issuer, use_userinfo: true, sso_only: true, sso_name: 'Example SSO', provider_logout: true },
    },
    admin.access_token,
  );
  await server.api('PUT', '/answer/admin/api/plugin/status', { plugin_slug_name: 'oidc', enabled: true }, admin.access_token);
  browser = await launchBrowser();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshotOnFailure(page, ctx.task.name);
  await page?.context().close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await server?.stop();
});

it("refuses the site's own e-mail login once the provider is the only sign-in", async () => {
  const res = await fetch(`${server.url}/answer/api/v1/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password }),
  });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { reason: string }).reason).toBe('error.user_center.replaced');
});

it('signs a newcomer up at the provider, back where they were, keeps their name read-only, and logs out of both', async () => {
  const context = await browser.newContext();
  page = await context.newPage();
  waitForAppOnLoad(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && page!.url().startsWith(server.url)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const p = page;

  // "Log in" goes through the site to the provider (which signs PERSON in at once) and back.
  await p.goto(`${server.url}/questions?page=1`);
  await p.getByRole('link', { name: 'Log in' }).first().click();
  await p.waitForURL(`${server.url}/questions?page=1`);
  const menu = p.getByRole('button', { name: `Account menu of ${PERSON.name}` });
  await menu.waitFor();
  expect(idp.seen).toContain('POST /token');
  expect(p.url()).not.toContain('access_token');

  // The name is the provider's: shown, not editable; the rest of the profile stays the member's.
  await p.goto(`${server.url}/users/settings/profile`);
  const name = p.getByLabel('Display name');
  await name.waitFor();
  expect(await name.inputValue()).toBe(PERSON.name);
  expect(await name.isDisabled()).toBe(true);
  await p.getByText('Comes from Example SSO: change it there.').first().waitFor();
  expect(await p.getByLabel('Location').isDisabled()).toBe(false);

  // The address and password are the provider's too.
  await p.goto(`${server.url}/users/settings/account`);
  await p.getByText('Your e-mail address and password are managed by Example SSO.').waitFor();
  expect(await p.getByTestId('settings-password').count()).toBe(0);

  // Logging out ends the site's session, then the provider's (it asks first), and comes home.
  await menu.click();
  await p.locator('.dropdown-menu').getByRole('link', { name: 'Log out' }).click();
  await p.waitForURL((url) => url.href.startsWith(`${idp.issuer}/session/end`));
  expect(new URL(p.url()).searchParams.get('id_token_hint')).toBeTruthy();
  await p.getByRole('button', { name: 'Yes, sign me out' }).click();
  await p.waitForURL(`${server.url}/`);
  expect(idp.seen).toContain('POST /session/end/confirm');
  await p.getByRole('link', { name: 'Log in' }).first().waitFor();
  expect(await p.evaluate(() => localStorage.getItem('_a_ltk_'))).toBeNull();

  expect(problems).toEqual([]);
});
