import type { SiteInfo } from '@answer/contract';
import { act } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Guarded } from '../../app/Guarded';
import { loginPage } from '../../app/guards';
import { rememberRedirect } from '../../app/redirect';
import { addConnectorStrings } from '../../i18n/connector-strings';
import { initI18n } from '../../i18n';
import { siteStore } from '../../state/site';
import { userStore } from '../../state/user';
import { clickText, fakeApi, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { STORAGE_KEYS, storage } from '../../utils/storage';
import { Login } from './Login';
import { SignUp } from './SignUp';

const API = '/answer/api/v1';
// A plugin's logo trying to run a script: it must only ever be an image.
const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=2</script><circle r="7"/></svg>';
// Icons come base64-encoded, as upstream sends them.
const REDIRECT = { name: 'TestID', icon: btoa(HOSTILE_SVG), link: `${API}/connector/login/testid` };
const DIRECTORY = { name: 'your company account', icon: btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'), link: `${API}/connector/login/ldap`, form: true };
const MEMBER = { id: '7', access_token: 'directory-token', username: 'ada', display_name: 'Ada', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1 };

const site = (login: Partial<SiteInfo['login']> = {}) =>
  ({
    general: { name: 'Demo' },
    login: { allow_new_registrations: true, allow_email_registrations: true, allow_password_login: true, login_required: false, allow_email_domains: [], ...login },
    smtp_configured: true,
    site_security: { password_min_length: 8 },
  }) as SiteInfo;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

/** The login page behind its real guard (which takes a person back after signing in), at /users/login. */
async function openLogin(connectors: unknown[], login: Partial<SiteInfo['login']> = {}, directoryReply: () => unknown = () => MEMBER) {
  sent = fakeApi({
    [`GET ${API}/connector/info`]: () => connectors,
    [`GET ${API}/user/action/record`]: () => ({ captcha_id: '', captcha_img: '', verify: false }),
    [`POST ${DIRECTORY.link}`]: directoryReply,
  });
  act(() => siteStore.set(site(login)));
  view = await renderRoutes(
    [
      { path: '/users/login', element: <Guarded rule={loginPage}><Login /></Guarded> },
      { path: '/users/register', element: <SignUp /> },
      { path: '*', element: <Where /> },
    ],
    '/users/login',
  );
  return view.host;
}

// Connector names are the providers' alone (as upstream's clients expect): the buttons add the wording.
const REDIRECT_BUTTON = 'Continue with TestID';
const DIRECTORY_BUTTON = 'Sign in with your company account';
const $ = <E extends Element>(selector: string) => view!.host.querySelector<E>(selector);
const $$ = (selector: string) => [...view!.host.querySelectorAll(selector)];

// The account pages' chunk adds these strings before its pages render (its `ready`).
beforeAll(async () => {
  await initI18n();
  addConnectorStrings();
});
beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => {
    siteStore.set(null);
    userStore.set(null);
  });
});

describe('the login page with sign-in services', () => {
  it('shows a button per redirect connector leading to its start with the page the person came from', async () => {
    rememberRedirect('/questions?page=2');
    await openLogin([REDIRECT]);
    const button = $$('[data-testid="connector-buttons"] a').find((a) => a.textContent === REDIRECT_BUTTON) as HTMLAnchorElement;
    expect(button.getAttribute('href')).toBe(`${REDIRECT.link}?redirect=%2Fquestions%3Fpage%3D2`);
    // The e-mail form stays (password logins are on).
    expect($('input[type="email"]')).not.toBeNull();
  });

  it('leads back home when no page was remembered', async () => {
    await openLogin([REDIRECT]);
    expect($('[data-testid="connector-buttons"] a')!.getAttribute('href')).toBe(`${REDIRECT.link}?redirect=%2F`);
  });

  it("shows a plugin's logo only as an image, so no script in it can run", async () => {
    await openLogin([REDIRECT]);
    const icon = $<HTMLImageElement>('[data-testid="connector-buttons"] img')!;
    expect(icon.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(HOSTILE_SVG)}`);
    expect(icon.getAttribute('alt')).toBe('');
    expect($$('svg, script')).toEqual([]);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("signs in through a directory connector's form exactly as the e-mail login does, then goes back", async () => {
    rememberRedirect('/questions/ask');
    await openLogin([REDIRECT, DIRECTORY]);
    expect($('[data-testid="connector-login-form"]')).toBeNull();
    await clickText(view!.host, DIRECTORY_BUTTON);
    expect($('input[type="email"]')).toBeNull();
    expect($('[data-testid="connector-login-form"] h2')!.textContent).toBe(DIRECTORY_BUTTON);
    await typeInto($('#connector-username')!, '  ada ');
    await typeInto($('#connector-password')!, 'directory-pass');
    await clickText($('[data-testid="connector-login-form"]')!, 'Log in');
    await settle();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', url: DIRECTORY.link, body: { username: 'ada', password: 'directory-pass', captcha_id: '', captcha_code: '' } },
    ]);
    expect(storage.get(STORAGE_KEYS.token)).toBe('directory-token');
    expect(userStore.get()?.username).toBe('ada');
    expect($('[data-testid="where"]')!.textContent).toBe('/questions/ask');
  });

  it("shows the directory's refusal beside the username, and can switch back to the e-mail form", async () => {
    const refusal = { status: 400, reason: 'error.object.email_or_password_incorrect', msg: 'Wrong name or password.', data: [{ error_field: 'username', error_msg: 'Wrong name or password.' }] };
    await openLogin([DIRECTORY], {}, () => refusal);
    await clickText(view!.host, DIRECTORY_BUTTON);
    await clickText($('[data-testid="connector-login-form"]')!, 'Log in');
    expect($('#connector-username-error')!.textContent).toBe('This field is required.');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    await typeInto($('#connector-username')!, 'ada');
    await typeInto($('#connector-password')!, 'nope');
    await clickText($('[data-testid="connector-login-form"]')!, 'Log in');
    expect($('#connector-username-error')!.textContent).toBe('Wrong name or password.');
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    await clickText(view!.host, 'Log in with your e-mail and password instead');
    expect($('input[type="email"]')).not.toBeNull();
  });

  it('keeps the sign-in services when the site turns password logins off: they are the way in', async () => {
    await openLogin([REDIRECT, DIRECTORY], { allow_password_login: false });
    expect($('input[type="email"]')).toBeNull();
    expect($('[data-testid="password-login-off"]')).toBeNull();
    // The directory's form is shown at once; no way back to an e-mail form that is off.
    expect($('[data-testid="connector-login-form"]')).not.toBeNull();
    expect($$('button').some((b) => b.textContent === 'Log in with your e-mail and password instead')).toBe(false);
    expect($$('[data-testid="connector-buttons"] a').map((a) => a.textContent)).toEqual([REDIRECT_BUTTON]);
  });

  it('says password logins are off when the site has no sign-in service either', async () => {
    await openLogin([], { allow_password_login: false });
    expect($('[data-testid="password-login-off"]')).not.toBeNull();
    expect($('input[type="password"]')).toBeNull();
  });
});

describe('the sign-up page with sign-in services', () => {
  it('offers the redirect connectors (they make accounts too), not the directory forms', async () => {
    rememberRedirect('/tags');
    await openLogin([REDIRECT, DIRECTORY]);
    await act(() => view!.router.navigate('/users/register'));
    await settle();
    const links = $$('[data-testid="connector-buttons"] a');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[REDIRECT_BUTTON, `${REDIRECT.link}?redirect=%2Ftags`]]);
    expect($$('[data-testid="connector-buttons"] button')).toEqual([]);
  });

  it('keeps them when e-mail sign-ups are off', async () => {
    await openLogin([REDIRECT], { allow_email_registrations: false });
    await act(() => view!.router.navigate('/users/register'));
    await settle();
    expect($('[data-testid="email-registration-off"]')).not.toBeNull();
    expect($$('[data-testid="connector-buttons"] a')).toHaveLength(1);
  });
});
