import type { SiteInfo } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UcAgent } from '../../api/types';
import { Guarded } from '../../app/Guarded';
import { loginPage } from '../../app/guards';
import { rememberRedirect } from '../../app/redirect';
import { initI18n } from '../../i18n';
import { addConnectorStrings } from '../../i18n/connector-strings';
import { agentStore, siteStore } from '../../state/site';
import { userStore } from '../../state/user';
import { fakeApi, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
import { Login } from './Login';
import { Logout } from './Logout';
import { SignUp } from './SignUp';
import { UserCenterAuth } from './UserCenterAuth';

// Where the app sends the browser off the site (a user centre's login or logout): recorded, not followed.
const { left } = vi.hoisted(() => ({ left: [] as string[] }));
vi.mock('../../app/user-center', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/user-center')>()),
  leaveFor: (url: string) => left.push(url),
}));

const API = '/answer/api/v1';
const SITE = 'https://answers.example.com';
const ICON = btoa('<svg xmlns="http://www.w3.org/2000/svg"><circle r="7"/></svg>');
const CONNECTOR = { name: 'GitHub', icon: ICON, link: `${API}/connector/login/github` };
const MEMBER = { id: '7', access_token: 'tok', username: 'ada', display_name: 'Ada', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1 };
const WECOM_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1';

const agentOf = (name: string, original: boolean): UcAgent => ({
  enabled: true,
  agent_info: {
    name,
    display_name: `${name} SSO`,
    icon: ICON,
    url: '',
    login_redirect_url: `${SITE}${API}/user-center/login/redirect`,
    sign_up_redirect_url: `${SITE}${API}/user-center/sign-up/redirect`,
    control_center: [],
    enabled_original_user_system: original,
  },
});
const SSO_ONLY = agentOf('Keycloak', false);
const BESIDE = agentOf('Keycloak', true);

const site = {
  general: { name: 'Demo' },
  login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: [] },
  smtp_configured: true,
  site_security: { password_min_length: 8 },
} as unknown as SiteInfo;

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const $ = <E extends Element>(selector: string) => view!.host.querySelector<E>(selector);

async function open(path: string, element: React.ReactNode, agent: UcAgent | null) {
  // One page at a time: a page left mounted would follow the next test's user centre.
  await view?.unmount();
  sent = fakeApi({
    [`GET ${API}/connector/info`]: () => [CONNECTOR],
    [`GET ${API}/user/action/record`]: () => ({ captcha_id: '', captcha_img: '', verify: false }),
    [`GET ${API}/user-center/logout`]: () => ({ redirect_url: 'https://sso.example.com/logout?client_id=answers' }),
    [`GET ${API}/user/logout`]: () => null,
  });
  act(() => {
    siteStore.set(site);
    agentStore.set(agent);
  });
  view = await renderRoutes([{ path: path.split('?')[0]!, element }, { path: '*', element: <p data-testid="elsewhere" /> }], path);
  await settle();
}

beforeAll(async () => {
  await initI18n();
  addConnectorStrings();
});
beforeEach(() => {
  localStorage.clear();
  left.length = 0;
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => {
    agentStore.set(null);
    siteStore.set(null);
    userStore.set(null);
  });
  Object.defineProperty(window.navigator, 'userAgent', { value: 'Mozilla/5.0 (X11; Linux x86_64) jsdom', configurable: true });
});

describe('the login and sign-up pages with a user centre', () => {
  it('sends the login page on to the user centre, with the page to come back to, when it replaces the accounts', async () => {
    rememberRedirect('/questions/42');
    await open('/users/login', <Guarded rule={loginPage}><Login /></Guarded>, SSO_ONLY);
    expect(left).toEqual([`${SITE}${API}/user-center/login/redirect?redirect=%2Fquestions%2F42`]);
  });

  it('offers only the user centre on its own (no password form, no other sign-in service)', async () => {
    await open('/users/login', <Login />, SSO_ONLY);
    expect($('input[type="password"]')).toBeNull();
    expect($('[data-testid="connector-buttons"]')).toBeNull();
    const button = $<HTMLAnchorElement>('[data-testid="user-center-button"]')!;
    expect(button.textContent).toBe('Log in with Keycloak SSO');
    expect(button.getAttribute('href')).toBe(`${SITE}${API}/user-center/login/redirect`);
    expect($('[data-testid="user-center-note"]')?.textContent).toBe('Accounts on this site are managed by Keycloak SSO: log in and sign up there.');
    expect($('[data-testid="password-login-off"]')).toBeNull();
  });

  it('keeps the e-mail form beside the user centre while the original accounts stay', async () => {
    await open('/users/login', <Guarded rule={loginPage}><Login /></Guarded>, BESIDE);
    expect(left).toEqual([]);
    expect($('input[type="password"]')).not.toBeNull();
    expect($('[data-testid="user-center-button"]')).not.toBeNull();
    // Upstream's hosting connector stands in for the other sign-in services.
    expect($('[data-testid="connector-buttons"]')).toBeNull();
    await open('/users/login', <Login />, null);
    expect($('[data-testid="user-center-button"]')).toBeNull();
    expect($('[data-testid="connector-buttons"]')!.textContent).toBe('Continue with GitHub');
  });

  it('signs people up only at the user centre when it replaces the accounts', async () => {
    await open('/users/register', <SignUp />, SSO_ONLY);
    expect($('input[type="email"]')).toBeNull();
    const button = $<HTMLAnchorElement>('[data-testid="user-center-button"]')!;
    expect(button.textContent).toBe('Sign up with Keycloak SSO');
    expect(button.getAttribute('href')).toBe(`${SITE}${API}/user-center/sign-up/redirect`);
    await open('/users/register', <SignUp />, BESIDE);
    expect($('input[type="email"]')).not.toBeNull();
    expect($('[data-testid="user-center-button"]')).not.toBeNull();
  });
});

describe('/user-center/auth', () => {
  it('offers the user centre\'s login, and says when there is none', async () => {
    await open('/user-center/auth', <UserCenterAuth />, SSO_ONLY);
    expect($('h1')?.textContent).toBe('Log in with Keycloak SSO');
    expect($<HTMLAnchorElement>('[data-testid="user-center-button"]')?.getAttribute('href')).toBe(`${SITE}${API}/user-center/login/redirect`);
    expect($('[data-testid="user-center-app-hint"]')).toBeNull();
    expect(left).toEqual([]);
    await open('/user-center/auth', <UserCenterAuth />, null);
    expect($('[data-testid="user-center-not-set-up"]')?.textContent).toMatch(/no external login service/);
  });

  it('takes a person in the agent\'s own app straight to its login; elsewhere it says the app works too', async () => {
    await open('/user-center/auth', <UserCenterAuth />, agentOf('WeCom', false));
    expect(left).toEqual([]);
    expect($('[data-testid="user-center-app-hint"]')?.textContent).toBe('You can also open this page in the WeCom app to log in there.');
    Object.defineProperty(window.navigator, 'userAgent', { value: WECOM_UA, configurable: true });
    rememberRedirect('/tags');
    await open('/user-center/auth', <UserCenterAuth />, agentOf('WeCom', false));
    expect(left).toEqual([`${SITE}${API}/user-center/login/redirect?redirect=%2Ftags`]);
    expect($('[data-testid="user-center-redirecting"]')).not.toBeNull();
    // ?agent_name= names the agent, as upstream's page reads it: WeCom's app is not Keycloak's.
    left.length = 0;
    await open('/user-center/auth?agent_name=DingTalk', <UserCenterAuth />, agentOf('WeCom', false));
    expect(left).toEqual([]);
  });
});

describe('logging out with a user centre', () => {
  it('ends the session through the user centre and goes on to its logout', async () => {
    act(() => userStore.set(MEMBER));
    await open('/users/logout', <Logout />, SSO_ONLY);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/user-center/logout`]);
    expect(left).toEqual(['https://sso.example.com/logout?client_id=answers']);
    expect(userStore.get()).toBeNull();
  });

  it('logs out the usual way without one, and goes home', async () => {
    act(() => userStore.set(MEMBER));
    await open('/users/logout', <Logout />, null);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/user/logout`]);
    expect(left).toEqual([]);
    expect($('[data-testid="elsewhere"]')).not.toBeNull();
    expect(userStore.get()).toBeNull();
  });
});
