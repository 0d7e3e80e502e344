import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, findIn, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
import { SettingsAccount } from './SettingsAccount';

const API = '/answer/api/v1';
const ICON = btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>');
const TESTID = { name: 'TestID', icon: ICON, link: `${API}/connector/login/testid`, binding: true, external_id: 'ext-newcomer' };
const COMPANY = { name: 'Company SSO', icon: ICON, link: `${API}/connector/login/company`, binding: false, external_id: '' };
const MEMBER = { id: '7', access_token: 't', username: 'newcomer', display_name: 'New Comer', e_mail: 'newcomer@example.com', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1, have_password: false };
const REFUSED = { status: 400, reason: 'error.user.external_login_unbinding_forbidden', msg: 'This is your only way to sign in: set a password or add another login before removing it.' };

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

/** Settings → Account, with the server answering `logins` (a list, changed by a successful DELETE unless `refuse`). */
async function openAccount(logins: (typeof TESTID)[], refuse = false) {
  let current = logins;
  sent = fakeApi({
    [`GET ${API}/connector/user/info`]: () => current,
    [`DELETE ${API}/connector/user/unbinding`]: ({ body }) => {
      if (refuse) return REFUSED;
      current = current.map((l) => (l.external_id === (body as { external_id: string }).external_id ? { ...l, binding: false, external_id: '' } : l));
      return null;
    },
  });
  view = await renderRoutes([{ path: '/users/settings/account', element: <SettingsAccount /> }], '/users/settings/account');
  return view.host.querySelector<HTMLElement>('[data-testid="settings-logins"]')!;
}

const rows = (section: HTMLElement) =>
  [...section.querySelectorAll('[data-testid="my-login"]')].map((row) => ({
    text: row.textContent,
    icon: row.querySelector('img')?.getAttribute('src')?.startsWith('data:image/svg+xml') ?? false,
    action: [...row.querySelectorAll('a, button')].map((el) => [el.textContent, el.getAttribute('href')]),
  }));

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => act(() => userStore.set(MEMBER)));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => {
    userStore.set(null);
    toastStore.set([]);
  });
});

describe('My logins', () => {
  it("lists every enabled sign-in service with the member's connection to it", async () => {
    const section = await openAccount([TESTID, COMPANY]);
    expect(rows(section)).toEqual([
      { text: 'TestIDConnectedRemove', icon: true, action: [['Remove', null]] },
      // "Connect" signs in with the provider and comes back here (the server binds by a verified e-mail).
      { text: 'Company SSONot connectedConnect', icon: true, action: [['Connect', `${COMPANY.link}?bind=1&redirect=%2Fusers%2Fsettings%2Faccount`]] },
    ]);
    // The row's title is the provider's bare name; the buttons' accessible names add the wording.
    const labels = [...section.querySelectorAll('[data-testid="my-login"] :is(a, button)')].map((el) => el.getAttribute('aria-label'));
    expect(labels).toEqual(['Remove TestID', 'Connect Company SSO']);
    expect(section.querySelector('svg, script')).toBeNull();
  });

  it('says so when the site has no sign-in service enabled', async () => {
    const section = await openAccount([]);
    expect(section.querySelector('[data-testid="no-connectors"]')!.textContent).toBe('This site has no external sign-in services enabled.');
  });

  it('removes a login after the member confirms', async () => {
    const section = await openAccount([TESTID, COMPANY]);
    await clickText(section, 'Remove');
    const dialog = await findIn('.modal');
    expect(dialog.textContent).toContain('Remove "TestID" from your account?');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    await clickText(dialog.querySelector('.modal-footer')!, 'Remove');
    await settle();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', url: `${API}/connector/user/unbinding`, body: { external_id: 'ext-newcomer' } }]);
    expect(rows(section).map((r) => r.text)).toEqual(['TestIDNot connectedConnect', 'Company SSONot connectedConnect']);
    expect(toastStore.get().map((t) => t.message)).toContain('"TestID" was removed from your account.');
  });

  it('keeps a login when the member cancels', async () => {
    const section = await openAccount([TESTID]);
    await clickText(section, 'Remove');
    await clickText(await findIn('.modal-footer'), 'Cancel');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    expect(rows(section)[0]!.text).toContain('Connected');
  });

  it("shows the server's refusal to remove the last way to sign in", async () => {
    const section = await openAccount([TESTID], true);
    await clickText(section, 'Remove');
    await clickText(await findIn('.modal-footer'), 'Remove');
    await settle();
    expect(section.querySelector('[data-testid="form-message"]')!.textContent).toBe(REFUSED.msg);
    expect(rows(section)[0]!.text).toContain('Connected');
  });
});
