import type { SiteInfo } from '@answer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { siteStore } from '../../state/site';
import { fakeApi, settle } from '../../test-support/fake-api';
import { Login } from './Login';
import { SignUp } from './SignUp';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const site = (login: Partial<SiteInfo['login']>, site_legal = { tos: true, privacy: true }) =>
  ({
    site_legal,
    general: { name: 'Demo' },
    login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: [], ...login },
    smtp_configured: true,
    site_security: { password_min_length: 8 },
  }) as SiteInfo;

/** The login and sign-up pages follow the admin's login settings. */
describe('login settings in the account pages', () => {
  let host: HTMLDivElement;
  let root: Root;
  // The pages also ask for the site's sign-in services: none here (connector-login.test.tsx has them).
  const show = async (info: SiteInfo, element: ReactNode) => {
    fakeApi({ 'GET /answer/api/v1/connector/info': () => [] });
    const router = createMemoryRouter([{ path: '/', element }]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() => {
      siteStore.set(info);
      root.render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    await settle();
  };

  beforeAll(() => initI18n());
  beforeEach(() => {
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => {
      root.unmount();
      siteStore.set(null);
    });
  });

  it('hides the password form when password login is off', async () => {
    await show(site({}), <Login />);
    expect(host.querySelector('input[type="password"]')).not.toBeNull();
    await show(site({ allow_password_login: false }), <Login />);
    expect(host.querySelector('input[type="password"]')).toBeNull();
    expect(host.querySelector('[data-testid="password-login-off"]')).not.toBeNull();
  });

  it('hides the sign-up link when registrations are closed', async () => {
    await show(site({ allow_new_registrations: false }), <Login />);
    expect(host.querySelector('a[href="/users/register"]')).toBeNull();
  });

  it('hides the e-mail sign-up form when e-mail registrations are off, and links the terms either way', async () => {
    await show(site({ allow_email_registrations: false }), <SignUp />);
    expect(host.querySelector('input[type="email"]')).toBeNull();
    expect(host.querySelector('[data-testid="email-registration-off"]')).not.toBeNull();
    expect(host.querySelector('a[href="/tos"]')).not.toBeNull();
    await show(site({}), <SignUp />);
    expect(host.querySelector('input[type="email"]')).not.toBeNull();
    expect(host.querySelector('a[href="/privacy"]')).not.toBeNull();
  });

  it('names only the legal documents the owner has published, and none when there are none', async () => {
    await show(site({}, { tos: true, privacy: false }), <SignUp />);
    expect([!!host.querySelector('a[href="/tos"]'), !!host.querySelector('a[href="/privacy"]')]).toEqual([true, false]);
    await show(site({}, { tos: false, privacy: false }), <SignUp />);
    expect(host.textContent).not.toContain('By signing up you agree');
  });
});
