import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UcAgent, UserInfo } from '../api/types';
import { initI18n } from '../i18n';
import { agentStore } from '../state/site';
import { renderRoutes, settle } from '../test-support/fake-api';
import { UserMenu } from './UserMenu';

const MEMBER = { id: '7', access_token: 't', username: 'ada', display_name: 'Ada', avatar: '', status: 'normal', mail_status: 1, role_id: 1 } as unknown as UserInfo;
const CONTROL_CENTER = [
  { name: 'wallet', label: 'My wallet', url: 'https://sso.example.com/wallet' },
  { name: 'plan', label: 'Plan <b>pro</b>', url: '/user-center/plan' },
];
const agentWith = (control_center: { name: string; label: string; url: string }[], enabled = true): UcAgent => ({
  enabled,
  agent_info: { name: 'Keycloak', display_name: 'Keycloak', icon: '', url: '', login_redirect_url: '/x', sign_up_redirect_url: '/x', control_center, enabled_original_user_system: true },
});

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

/** The menu's entries (opened, as a click on the avatar does), a divider as '---'. */
async function menuOf(agent: UcAgent | null, isAdmin = false) {
  act(() => agentStore.set(agent));
  view = await renderRoutes([{ path: '*', element: <UserMenu user={MEMBER} isAdmin={isAdmin} /> }], '/');
  await act(async () => view!.host.querySelector<HTMLElement>('.dropdown-toggle')!.click());
  await settle();
  const menu = view.host.querySelector('.dropdown-menu');
  return [...(menu?.children ?? [])].map((el) => (el.classList.contains('dropdown-divider') ? '---' : el.textContent));
}
const items = () => [...view!.host.querySelectorAll<HTMLAnchorElement>('[data-testid="control-center-item"]')];

beforeAll(() => initI18n());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => agentStore.set(null));
});

describe('UserMenu', () => {
  it('has no control centre without a user centre', async () => {
    expect(await menuOf(null)).toEqual(['Profile', 'Settings', '---', 'Log out']);
    expect(items()).toEqual([]);
  });

  it('nor for a user centre that is not enabled, or one without a control centre', async () => {
    expect(await menuOf(agentWith(CONTROL_CENTER, false))).toEqual(['Profile', 'Settings', '---', 'Log out']);
    await view?.unmount();
    expect(await menuOf(agentWith([]), true)).toEqual(['Profile', 'Settings', 'Admin', '---', 'Log out']);
  });

  it("lists the active user centre's control centre in a group of its own", async () => {
    expect(await menuOf(agentWith(CONTROL_CENTER), true)).toEqual(['Profile', 'Settings', 'Admin', '---', 'My wallet', 'Plan <b>pro</b>', '---', 'Log out']);
    const [wallet, plan] = items();
    expect(wallet?.getAttribute('href')).toBe('https://sso.example.com/wallet');
    expect(wallet?.getAttribute('rel')).toBe('noopener noreferrer');
    // A page of the site itself: a plain link, and the label stays text.
    expect(plan?.getAttribute('href')).toBe('/user-center/plan');
    expect(plan?.hasAttribute('rel')).toBe(false);
    expect(plan?.querySelector('b')).toBeNull();
  });
});
