import type { SiteInfo } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import type { UcAgent, UserInfo } from '../api/types';
import {
  type GuardContext,
  activated,
  admin,
  adminOrModerator,
  all,
  allowNewRegistrations,
  editable,
  enabledPlugin,
  forbiddenOnly,
  loggedIn,
  loginPage,
  loginRequired,
  notActivated,
  notForbidden,
  notLoggedIn,
  signUpPage,
  webCacheRedirect,
} from './guards';
import { deriveLoginState } from './login-state';

type Who = 'visitor' | 'inactive' | 'user' | 'suspended' | 'admin' | 'moderator' | 'inactiveAdmin' | 'suspendedAdmin';

const users: Record<Who, Partial<UserInfo> | null> = {
  visitor: null,
  inactive: { access_token: 't', mail_status: 2, status: 'normal', role_id: 1 },
  user: { access_token: 't', mail_status: 1, status: 'normal', role_id: 1 },
  suspended: { access_token: 't', mail_status: 1, status: 'suspended', role_id: 1 },
  admin: { access_token: 't', mail_status: 1, status: 'normal', role_id: 2 },
  moderator: { access_token: 't', mail_status: 1, status: 'normal', role_id: 3 },
  inactiveAdmin: { access_token: 't', mail_status: 2, status: 'normal', role_id: 2 },
  suspendedAdmin: { access_token: 't', mail_status: 1, status: 'suspended', role_id: 2 },
};

function site(login: Partial<SiteInfo['login']> = {}): SiteInfo {
  return {
    login: { allow_new_registrations: true, login_required: false, allow_email_registrations: true, allow_password_login: true, allow_email_domains: [], ...login },
  } as SiteInfo;
}

function ctx(who: Who, extra: Partial<GuardContext> = {}): GuardContext {
  return {
    login: deriveLoginState(users[who] as UserInfo | null),
    site: site(),
    agent: null,
    plugins: [],
    params: {},
    location: { host: 'qa.example.com', pathname: '/questions', search: '' },
    ...extra,
  };
}

const OK = { kind: 'ok' };
const HOME = { kind: 'redirect', to: '/' };
const LOGIN = { kind: 'redirect', to: '/users/login', remember: true };
const INACTIVE = { kind: 'redirect', to: '/users/login?status=inactive' };
const SUSPENDED = { kind: 'redirect', to: '/users/account-suspended' };
const FORBIDDEN = { kind: 'forbidden' };

describe('derived login state', () => {
  it('counts roles only for activated, not suspended accounts', () => {
    expect(deriveLoginState(users.admin as UserInfo).isAdmin).toBe(true);
    expect(deriveLoginState(users.inactiveAdmin as UserInfo).isAdmin).toBe(false);
    expect(deriveLoginState(users.suspendedAdmin as UserInfo).isAdmin).toBe(false);
    expect(deriveLoginState(users.moderator as UserInfo).isModerator).toBe(true);
  });

  it('is logged in only with an access token', () => {
    expect(deriveLoginState({ ...users.user, access_token: '' } as UserInfo).isLoggedIn).toBe(false);
    expect(deriveLoginState(null)).toMatchObject({ isLoggedIn: false, isActivated: false, isNotActivated: false });
  });

  it('tells activated, not activated and forbidden apart', () => {
    expect(deriveLoginState(users.inactive as UserInfo)).toMatchObject({ isActivated: false, isNotActivated: true, isNormal: false });
    expect(deriveLoginState(users.suspended as UserInfo)).toMatchObject({ isActivated: true, isForbidden: true, isNormal: false });
    expect(deriveLoginState(users.user as UserInfo)).toMatchObject({ isNormal: true, isAdmin: false, isModerator: false });
  });
});

describe('route guards (spec section 5)', () => {
  const table: [string, (c: GuardContext) => unknown, Partial<Record<Who, unknown>>][] = [
    ['logged-in required', loggedIn, { visitor: LOGIN, inactive: OK, user: OK, suspended: OK }],
    ['logged-out only', notLoggedIn, { visitor: OK, inactive: HOME, user: HOME }],
    ['not-activated only', notActivated, { visitor: OK, inactive: OK, user: HOME, admin: HOME }],
    ['activated', activated, { visitor: LOGIN, inactive: INACTIVE, user: OK, suspended: OK }],
    ['forbidden only', forbiddenOnly, { visitor: HOME, user: HOME, suspended: OK }],
    ['not forbidden', notForbidden, { visitor: OK, user: OK, suspended: SUSPENDED, suspendedAdmin: SUSPENDED }],
    ['admin only', admin, { visitor: LOGIN, user: FORBIDDEN, moderator: FORBIDDEN, inactiveAdmin: FORBIDDEN, suspendedAdmin: FORBIDDEN, admin: OK }],
    ['admin or moderator', adminOrModerator, { visitor: LOGIN, user: FORBIDDEN, inactiveAdmin: FORBIDDEN, moderator: OK, admin: OK }],
  ];

  for (const [name, guard, expected] of table) {
    for (const [who, result] of Object.entries(expected)) {
      it(`${name}: ${who} -> ${JSON.stringify(result)}`, () => {
        expect(guard(ctx(who as Who))).toEqual(result);
      });
    }
  }

  it('sign-up needs registrations open', () => {
    expect(allowNewRegistrations(ctx('visitor', { site: site({ allow_new_registrations: false }) }))).toEqual(HOME);
    expect(signUpPage(ctx('visitor', { site: site({ allow_new_registrations: false }) }))).toEqual(HOME);
    expect(signUpPage(ctx('visitor'))).toEqual(OK);
    expect(signUpPage(ctx('user'))).toEqual(HOME);
    // A fresh sign-up is logged in but unconfirmed: on to the "check your e-mail" notice.
    expect(signUpPage(ctx('inactive'))).toEqual(INACTIVE);
  });

  it('sign-up goes to the agent sign-up URL when the agent has one', () => {
    const agent: UcAgent = { enabled: true, agent_info: { sign_up_redirect_url: 'https://sso.example.com/join' } };
    expect(signUpPage(ctx('visitor', { agent }))).toEqual({ kind: 'redirect', to: 'https://sso.example.com/join', external: true });
  });

  it('login page: visitors and unconfirmed users only', () => {
    expect(loginPage(ctx('visitor'))).toEqual(OK);
    expect(loginPage(ctx('inactive'))).toEqual(OK);
    expect(loginPage(ctx('user'))).toEqual({ ...HOME, resume: true });
    expect(loginPage(ctx('suspended'))).toEqual(SUSPENDED);
  });

  it('login page: an agent takes over unless the original user system stays enabled', () => {
    const agent: UcAgent = { enabled: true, agent_info: { login_redirect_url: 'https://sso.example.com/login' } };
    expect(loginPage(ctx('visitor', { agent }))).toEqual({ kind: 'redirect', to: 'https://sso.example.com/login', external: true });
    const both: UcAgent = { enabled: true, agent_info: { login_redirect_url: 'https://sso', enabled_original_user_system: true } };
    expect(loginPage(ctx('visitor', { agent: both }))).toEqual(OK);
    expect(loginPage(ctx('visitor', { agent: { ...agent, enabled: false } }))).toEqual(OK);
  });

  describe('private site (login_required)', () => {
    const privateSite = site({ login_required: true });
    const at = (pathname: string, who: Who = 'visitor') =>
      loginRequired(ctx(who, { site: privateSite, location: { host: 'h', pathname, search: '' } }));

    it('sends visitors to the login page and remembers where they were', () => {
      expect(at('/questions')).toEqual(LOGIN);
      expect(at('/tags/js')).toEqual(LOGIN);
      expect(at('/tos')).toEqual(LOGIN);
    });

    it.each([
      '/users/login',
      '/users/register',
      '/users/account-recovery',
      '/users/password-reset',
      '/users/account-activation',
      '/users/account-activation/success',
      '/users/account-activation/failed',
      '/users/confirm-new-email',
      '/users/confirm-email',
      '/users/auth-landing',
      '/users/change-email',
      '/users/logout',
      '/users/unsubscribe',
      '/user-center/auth',
      '/user-center/anything/else',
    ])('lets visitors reach %s', (pathname) => {
      expect(at(pathname)).toEqual(OK);
    });

    it('lets logged-in users through', () => {
      expect(at('/questions', 'user')).toEqual(OK);
      expect(at('/questions', 'inactive')).toEqual(OK);
    });

    it('does nothing on a public site', () => {
      expect(loginRequired(ctx('visitor'))).toEqual(OK);
    });
  });

  it('all(): the first guard that objects decides', () => {
    const mainLayout = all(loginRequired, notForbidden);
    expect(mainLayout(ctx('suspended'))).toEqual(SUSPENDED);
    expect(mainLayout(ctx('visitor', { site: site({ login_required: true }) }))).toEqual(LOGIN);
    expect(mainLayout(ctx('user'))).toEqual(OK);
  });

  it('editable: a 400 check shows 403 with the server message', () => {
    expect(editable({ code: 400, msg: 'Edits are pending review.' })).toEqual({ kind: 'forbidden', msg: 'Edits are pending review.' });
    expect(editable({ code: 200 })).toEqual(OK);
  });

  it('plugin pages exist only for enabled plugins', () => {
    const plugins = [
      { slug_name: 'github_connector', enabled: true },
      { slug_name: 'old_search', enabled: false },
    ];
    const at = (slug: string) => enabledPlugin(ctx('admin', { plugins, params: { slug_name: slug } }));
    expect(at('github_connector')).toEqual(OK);
    expect(at('old_search')).toEqual({ kind: 'notFound' });
    expect(at('unknown')).toEqual({ kind: 'notFound' });
  });

  describe('search-engine cache redirect', () => {
    const onHost = (host: string, search: string) =>
      webCacheRedirect(ctx('visitor', { location: { host, pathname: '/search', search } }));

    it('sends a cached copy to the path it caches', () => {
      const q = encodeURIComponent('cache:Abc123:https://qa.example.com/questions/10010000000000001/title?x=1');
      expect(onHost('webcache.googleusercontent.com', `?q=${q}`)).toEqual({
        kind: 'redirect',
        to: '/questions/10010000000000001/title?x=1',
      });
    });

    it('leaves normal searches alone', () => {
      expect(onHost('qa.example.com', `?q=${encodeURIComponent('cache:x:https://a.b/c')}`)).toEqual(OK);
      expect(onHost('webcache.googleusercontent.com', '?q=hello')).toEqual(OK);
    });
  });
});
