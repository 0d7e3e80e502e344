import type { SiteInfo, UserCenterUserSettings } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UcAgent } from '../../api/types';
import { initI18n, loadAreaStrings } from '../../i18n';
import { agentStore, siteStore } from '../../state/site';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { fakeApi, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { SettingsAccount } from './SettingsAccount';
import { SettingsProfile } from './SettingsProfile';

const API = '/answer/api/v1';
const MEMBER = {
  id: '7',
  access_token: 't',
  username: 'ada',
  display_name: 'Ada Lovelace',
  e_mail: 'ada@example.com',
  bio: '',
  website: '',
  location: '',
  avatar: { type: 'default', gravatar: '', custom: '' },
  status: 'normal',
  mail_status: 1,
  role_id: 1,
  have_password: false,
};
const SITE = {
  general: { name: 'Demo' },
  login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: [] },
  site_users: {
    default_avatar: 'system',
    gravatar_base_url: '',
    allow_update_display_name: true,
    allow_update_username: true,
    allow_update_avatar: true,
    allow_update_bio: true,
    allow_update_website: true,
    allow_update_location: true,
  },
  site_security: { password_min_length: 8 },
} as unknown as SiteInfo;
const agentOf = (original: boolean): UcAgent => ({
  enabled: true,
  agent_info: { name: 'Keycloak', display_name: 'Keycloak', icon: '', login_redirect_url: '/x', sign_up_redirect_url: '/x', enabled_original_user_system: original },
});
const KNOWN: UserCenterUserSettings = {
  profile_setting_agent: { enabled: true, redirect_url: 'https://sso.example.com/account' },
  account_setting_agent: { enabled: true, redirect_url: 'https://sso.example.com/account' },
  read_only_fields: ['display_name', 'email', 'username'],
};

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const $ = <E extends Element>(selector: string) => view!.host.querySelector<E>(selector);

async function open(path: string, element: React.ReactNode, agent: UcAgent | null, settings: UserCenterUserSettings = KNOWN) {
  await view?.unmount();
  sent = fakeApi({
    [`GET ${API}/user-center/user/settings`]: () => settings,
    [`GET ${API}/connector/user/info`]: () => [],
    [`GET ${API}/user/action/record`]: () => ({ captcha_id: '', captcha_img: '', verify: false }),
    [`PUT ${API}/user/info`]: () => null,
    [`GET ${API}/user/info`]: () => MEMBER,
  });
  act(() => {
    userStore.set(MEMBER);
    siteStore.set(SITE);
    agentStore.set(agent);
  });
  view = await renderRoutes([{ path, element }], path);
  await settle();
}

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => {
    userStore.set(null);
    siteStore.set(null);
    agentStore.set(null);
    toastStore.set([]);
  });
});

describe('settings with a user centre', () => {
  it('shows what the user centre owns read-only, links to it, and saves only the rest', async () => {
    await open('/users/settings/profile', <SettingsProfile />, agentOf(false));
    const name = $<HTMLInputElement>('#field-display_name')!;
    expect(name.disabled).toBe(true);
    expect($('#field-display_name-help')?.textContent).toBe('Comes from Keycloak: change it there.');
    expect($<HTMLInputElement>('#field-username')!.disabled).toBe(true);
    expect($<HTMLInputElement>('#field-location')!.disabled).toBe(false);
    expect($('[data-testid="user-center-profile-link"] a')?.getAttribute('href')).toBe('https://sso.example.com/account');
    await typeInto($<HTMLInputElement>('#field-location')!, 'London');
    await act(async () => $<HTMLFormElement>('[data-testid="settings-profile"]')!.requestSubmit());
    await settle();
    const saved = sent.find((r) => r.method === 'PUT');
    expect(saved?.body).toMatchObject({ location: 'London' });
    expect(saved?.body).not.toHaveProperty('display_name');
    expect(saved?.body).not.toHaveProperty('username');
  });

  it('keeps the profile the member\'s for a user centre that does not know them, or without one', async () => {
    await open('/users/settings/profile', <SettingsProfile />, agentOf(false), { ...KNOWN, profile_setting_agent: { enabled: false, redirect_url: '' }, read_only_fields: [] });
    expect($<HTMLInputElement>('#field-display_name')!.disabled).toBe(false);
    expect($('[data-testid="user-center-profile-link"]')).toBeNull();
    await open('/users/settings/profile', <SettingsProfile />, null);
    expect($<HTMLInputElement>('#field-display_name')!.disabled).toBe(false);
    expect(sent.some((r) => r.url.includes('/user-center/'))).toBe(false);
  });

  it('leaves the address and password to a user centre that replaces the accounts', async () => {
    await open('/users/settings/account', <SettingsAccount />, agentOf(false));
    expect($('[data-testid="user-center-email"]')?.textContent).toBe('Your e-mail address and password are managed by Keycloak.');
    expect($('[data-testid="user-center-account-link"]')?.getAttribute('href')).toBe('https://sso.example.com/account');
    expect($('[data-testid="settings-password"]')).toBeNull();
    expect($('input[type="email"]')).toBeNull();
    // My logins stays.
    expect($('[data-testid="settings-logins"]')).not.toBeNull();
  });

  it('keeps the password beside a user centre that keeps the original accounts, and the address when it does not own it', async () => {
    await open('/users/settings/account', <SettingsAccount />, agentOf(true));
    expect($('[data-testid="settings-password"]')).not.toBeNull();
    expect($('[data-testid="user-center-email"]')?.textContent).toBe('Your e-mail address comes from Keycloak: change it there.');
    await open('/users/settings/account', <SettingsAccount />, agentOf(true), { ...KNOWN, read_only_fields: [] });
    expect($('[data-testid="user-center-email"]')).toBeNull();
    expect($('input[type="email"]')).not.toBeNull();
  });
});
