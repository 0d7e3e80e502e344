import { act } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addConnectorStrings } from '../../i18n/connector-strings';
import { initI18n } from '../../i18n';
import { userStore } from '../../state/user';
import { clickText, fakeApi, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { ConfirmEmail } from './ConfirmEmail';

const API = '/answer/api/v1';
const NEWCOMER = { id: '9', access_token: 'new-token', username: 'nomail', display_name: 'No Mail', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 2, role_id: 1 };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(path: string, reply: (body: { email: string; must: boolean }) => unknown) {
  sent = fakeApi({
    [`POST ${API}/connector/binding/email`]: ({ body }) => reply(body as { email: string; must: boolean }),
    [`GET ${API}/user/info`]: () => NEWCOMER,
  });
  view = await renderRoutes(
    [
      { path: '/users/confirm-email', element: <ConfirmEmail /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
  return view.host;
}

async function submitAddress(host: HTMLElement, email: string) {
  await typeInto(host.querySelector<HTMLInputElement>('input[type="email"]')!, email);
  await act(async () => host.querySelector('form')!.requestSubmit());
  await settle();
}

beforeAll(async () => {
  await initI18n();
  addConnectorStrings();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  act(() => userStore.set(null));
});

describe('the confirm-email page of a sign-in without an address', () => {
  it('makes the account with a new address and signs the person in, to verify it', async () => {
    const host = await open('/users/confirm-email?binding_key=k1', () => ({ email_exist_and_must_be_confirmed: false, access_token: 'new-token' }));
    await submitAddress(host, 'nomail@example.com');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', url: `${API}/connector/binding/email`, body: { binding_key: 'k1', email: 'nomail@example.com', must: false } },
    ]);
    expect(host.querySelector('[data-testid="where"]')!.textContent).toBe('/users/login?status=inactive');
  });

  it("asks before mailing an account's address, then says the link was sent", async () => {
    const host = await open('/users/confirm-email?binding_key=k2', ({ must }) => ({ email_exist_and_must_be_confirmed: !must, access_token: '' }));
    await submitAddress(host, 'owner@example.com');
    expect(host.querySelector('[data-testid="confirm-email-taken"]')!.textContent).toContain('An account already uses owner@example.com');
    await clickText(host, 'Send the link');
    expect(sent.filter((r) => r.method === 'POST').map((r) => (r.body as { must: boolean }).must)).toEqual([false, true]);
    expect(host.querySelector('[data-testid="confirm-email-sent"]')!.textContent).toContain('We sent a link to owner@example.com');
  });

  it('says what to do when the page was opened without its key, and checks the address first', async () => {
    const host = await open('/users/confirm-email', () => ({}));
    expect(host.querySelector('[data-testid="confirm-email-no-key"]')).not.toBeNull();
    await view!.unmount();
    const again = await open('/users/confirm-email?binding_key=k3', () => ({}));
    await submitAddress(again, 'not-an-address');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    expect(again.querySelector('.invalid-feedback')?.textContent).toBeTruthy();
  });
});
