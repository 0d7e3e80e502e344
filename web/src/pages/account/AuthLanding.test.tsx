import { act } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { peekRedirect, rememberRedirect } from '../../app/redirect';
import { userStore } from '../../state/user';
import { fakeApi, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
import { STORAGE_KEYS, storage } from '../../utils/storage';
import { AuthLanding } from './AuthLanding';

const API = '/answer/api/v1';
const MEMBER = { id: '7', access_token: 'tok-1', username: 'newcomer', display_name: 'New Comer', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1 };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

/** Arrives at the landing as the server sends the browser there: the address bar holds the token. */
async function land(query: string, user: unknown = MEMBER) {
  sent = fakeApi({
    [`GET ${API}/user/info`]: () => user ?? { status: 401, reason: 'base.unauthorized_error', msg: 'Unauthorized.' },
  });
  const path = `/users/auth-landing?${query}`;
  window.history.replaceState(null, '', path);
  view = await renderRoutes([{ path: '/users/auth-landing', element: <AuthLanding /> }, { path: '*', element: <Where /> }], path);
  await settle();
  return view.host.querySelector('[data-testid="where"]')?.textContent;
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => userStore.set(null));
  window.history.replaceState(null, '', '/');
});

describe('the landing of an external sign-in', () => {
  it('keeps the token as a login does, loads the user with it and goes to the page the person came from', async () => {
    expect(await land('access_token=tok-1&redirect=%2Fquestions%3Fpage%3D1')).toBe('/questions?page=1');
    expect(storage.get(STORAGE_KEYS.token)).toBe('tok-1');
    expect(userStore.get()?.username).toBe('newcomer');
    expect(sent).toHaveLength(1);
  });

  it('takes the token out of the address bar at once, so the history does not keep it', async () => {
    let seen = '';
    // The user call is where it is still pending: the address must already be clean.
    sent = fakeApi({
      [`GET ${API}/user/info`]: () => {
        seen = window.location.href;
        return MEMBER;
      },
    });
    window.history.replaceState(null, '', '/users/auth-landing?access_token=tok-1&redirect=%2F');
    view = await renderRoutes([{ path: '/users/auth-landing', element: <AuthLanding /> }, { path: '*', element: <Where /> }], '/users/auth-landing?access_token=tok-1&redirect=%2F');
    expect(seen).not.toBe('');
    expect(seen).not.toContain('tok-1');
    expect(window.location.search).toBe('');
  });

  it.each([
    ['another site, scheme-relative', '//evil.com/x'],
    ['another site, with a backslash', '/\\evil.com'],
    ['a full address', 'https://evil.com/'],
    ['a hidden tab the browser would drop', '/\t/evil.com'],
    ['a script', 'javascript:alert(1)'],
  ])('goes home instead of to %s', async (_, target) => {
    expect(await land(`access_token=tok-1&redirect=${encodeURIComponent(target)}`)).toBe('/');
    expect(storage.get(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('goes home when no page was named, and forgets the page kept for the login form', async () => {
    rememberRedirect('/tags');
    expect(await land('access_token=tok-1')).toBe('/');
    expect(peekRedirect()).toBeNull();
  });

  it('says the sign-in failed when the server does not accept the token', async () => {
    expect(await land('access_token=stale&redirect=%2Fquestions', null)).toBe('/user-center/auth-failed');
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    expect(userStore.get()).toBeNull();
  });

  it('sends an account that must still confirm its address to the notice', async () => {
    expect(await land('access_token=tok-1&redirect=%2Fquestions', { ...MEMBER, mail_status: 2 })).toBe('/users/login?status=inactive');
  });

  it('goes home without a token', async () => {
    expect(await land('redirect=%2Fquestions')).toBe('/');
    expect(sent).toEqual([]);
  });
});
