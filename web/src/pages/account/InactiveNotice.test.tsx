import type { SiteInfo } from '@answer/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../api/types';
import { initI18n } from '../../i18n';
import { siteStore } from '../../state/site';
import { InactiveNotice } from './InactiveNotice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { e_mail: 'new@example.com' } as UserInfo;
const site = (smtp_configured: boolean) => ({ general: { contact_email: 'owner@example.com' }, smtp_configured }) as SiteInfo;

describe('InactiveNotice', () => {
  let host: HTMLDivElement;
  let root: Root;
  const show = (info: SiteInfo) => {
    siteStore.set(info);
    const router = createMemoryRouter([{ path: '/', element: <InactiveNotice user={user} /> }]);
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
});
