import type { SiteInfo } from '@answer/contract';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../api/types';
import { ChangeEmailForm } from '../../components/ChangeEmailForm';
import { initI18n } from '../../i18n';
import { siteStore } from '../../state/site';
import { AccountRecovery } from './AccountRecovery';
import { InactiveNotice } from './InactiveNotice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { e_mail: 'new@example.com' } as UserInfo;
const site = (smtp_configured: boolean) => ({ general: { contact_email: 'owner@example.com' }, smtp_configured }) as SiteInfo;

/** Pages that would mail a link must not promise one when the site has no mail server. */
describe('pages that send a link', () => {
  let host: HTMLDivElement;
  let root: Root;
  const show = (info: SiteInfo, element: ReactNode = <InactiveNotice user={user} />) => {
    siteStore.set(info);
    const router = createMemoryRouter([{ path: '/', element }]);
    act(() => root.render(<RouterProvider router={router} />));
  };

  beforeAll(() => initI18n());
  beforeEach(() => {
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    siteStore.set(null);
  });

  it('without a mail server, says no e-mail was sent and that the administrator activates the account', () => {
    show(site(false));
    expect(host.textContent).toContain('no activation e-mail was sent');
    expect(host.textContent).not.toContain('We sent');
    expect(host.querySelector('button')).toBeNull(); // no "resend" that cannot send
    expect(host.querySelector('a[href="mailto:owner@example.com"]')).not.toBeNull();
  });

  it('with a mail server, points to the e-mail that was sent', () => {
    show(site(true));
    expect(host.textContent).toContain('We sent an activation e-mail to new@example.com');
    expect(host.querySelector('button')?.textContent).toBe('Resend activation e-mail');
  });

  it('account recovery says no reset link can be sent, and whom to ask', () => {
    show(site(false), <AccountRecovery />);
    expect(host.textContent).toContain('cannot send a password reset link');
    expect(host.querySelector('input[type="email"]')).toBeNull();
    expect(host.querySelector('a[href="mailto:owner@example.com"]')).not.toBeNull();
    show(site(true), <AccountRecovery />);
    expect(host.querySelector('input[type="email"]')).not.toBeNull();
  });

  it('changing the e-mail address says no confirmation link can be sent', () => {
    show(site(false), <ChangeEmailForm needsPassword onDirtyChange={() => {}} />);
    expect(host.textContent).toContain('cannot send the confirmation link');
    expect(host.querySelector('form')).toBeNull();
    show(site(true), <ChangeEmailForm needsPassword onDirtyChange={() => {}} />);
    expect(host.querySelector('[data-testid="change-email-form"]')).not.toBeNull();
  });
});
