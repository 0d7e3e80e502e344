import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addConnectorStrings } from '../../i18n/connector-strings';
import { initI18n, switchLanguage } from '../../i18n';
import { renderRoutes } from '../../test-support/fake-api';
import zhCN from '../../../../locales/zh_CN/ui.json';
import { UserCenterAuthFailed } from './index';

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function failedWith(query: string) {
  view = await renderRoutes([{ path: '/user-center/auth-failed', element: <UserCenterAuthFailed /> }], `/user-center/auth-failed${query}`);
  return view.host;
}

const GENERIC = 'Logging in through the external service did not succeed. Please try again.';

// The account pages' chunk adds these strings before its pages render (its `ready`).
beforeAll(async () => {
  await initI18n();
  addConnectorStrings();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  await switchLanguage('en_US');
});

describe('the page of a failed external sign-in', () => {
  it.each([
    ['error.connector.state_invalid', 'This sign-in link has expired or was already used.'],
    ['error.user.suspended', 'Your account has been suspended, so you cannot log in.'],
    ['error.email.illegal_email_domain_error', 'E-mail addresses from your domain are not allowed on this site.'],
    ['error.user.not_allowed_registration', 'This site does not accept new sign-ups at the moment'],
    ['error.connector.email_needed', 'The sign-in service did not give a verified e-mail address for you'],
    ['error.connector.already_connected', 'Your account already has a login through this service.'],
    ['error.connector.bound_elsewhere', 'This external login is already connected to another account.'],
    ['error.connector.failed', GENERIC],
  ])('explains %s, with a link back to the login page', async (reason, text) => {
    const host = await failedWith(`?reason=${encodeURIComponent(reason)}`);
    expect(host.querySelector('h1')!.textContent).toBe('Login failed');
    expect(host.textContent).toContain(text);
    const back = host.querySelector('[data-testid="auth-failed-login"] a')!;
    expect([back.textContent, back.getAttribute('href')]).toEqual(['Back to log in', '/users/login']);
  });

  it.each([['?reason=error.something.new'], ['?reason=constructor'], ['?reason=<b>hi</b>'], ['']])('gives the generic message for an unknown reason (%s)', async (query) => {
    const host = await failedWith(query);
    expect(host.querySelector('p')!.textContent).toBe(GENERIC);
    expect(host.querySelector('b')).toBeNull();
  });

  it('speaks the reader\'s language', async () => {
    await switchLanguage('zh_CN', zhCN);
    const host = await failedWith('?reason=error.connector.state_invalid');
    expect(host.textContent).toContain('此登录链接已过期或已被使用');
    expect(host.textContent).toContain('返回登录');
  });
});
