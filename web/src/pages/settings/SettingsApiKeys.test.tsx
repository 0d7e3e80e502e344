import type { ApiKeyItem } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, findIn, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { SettingsAccount } from './SettingsAccount';

const API = '/answer/api/v1';
const KEYS = `${API}/user/api-key`;
const MEMBER = { id: '7', access_token: 't', username: 'keyholder', display_name: 'Key Holder', e_mail: 'keys@example.com', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 1 };
const SECRET = 'ans_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const NOW = Math.floor(Date.now() / 1000);

const key = (over: Partial<ApiKeyItem>): ApiKeyItem => ({
  id: 1,
  access_key: 'ans_AbCd…',
  description: 'Backup script',
  scope: 'read',
  created_at: NOW - 3600,
  last_used_at: 0,
  last_used_ip: '',
  expires_at: 0,
  ...over,
});
const USED = key({ id: 2, description: 'Deploy bot', access_key: 'ans_WxYz…', scope: 'write', last_used_at: NOW - 120, last_used_ip: '203.0.113.7', expires_at: 1_900_000_000 });
const UNUSED = key({});

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
let writeText: ReturnType<typeof vi.fn>;

/**
 * Settings → Account with the server holding `keys`: POST adds one (the secret comes back once),
 * DELETE removes one; `failCreate` is what POST answers instead.
 */
async function openAccount(keys: ApiKeyItem[], failCreate?: unknown) {
  let current = keys;
  sent = fakeApi({
    [`GET ${API}/connector/user/info`]: () => [],
    [`GET ${KEYS}/all`]: () => current,
    [`POST ${KEYS}`]: ({ body }) => {
      if (failCreate) return failCreate;
      const { description, scope } = body as { description: string; scope: ApiKeyItem['scope'] };
      current = [key({ id: 9, description, scope, access_key: `${SECRET.slice(0, 8)}…`, created_at: NOW }), ...current];
      return { access_key: SECRET };
    },
    [`PUT ${KEYS}`]: ({ body }) => {
      const { id, description } = body as { id: number; description: string };
      current = current.map((k) => (k.id === id ? { ...k, description } : k));
      return null;
    },
    [`DELETE ${KEYS}`]: ({ body }) => {
      current = current.filter((k) => k.id !== (body as { id: number }).id);
      return null;
    },
  });
  view = await renderRoutes([{ path: '/users/settings/account', element: <SettingsAccount /> }], '/users/settings/account');
  await settle();
  return view.host.querySelector<HTMLElement>('[data-testid="settings-api-keys"]')!;
}

const rows = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('[data-testid="api-key"]')];

/** Waits until no element matches `selector` (a closing modal fades out first). */
async function gone(selector: string) {
  const deadline = Date.now() + 2000;
  while (document.querySelector(selector)) {
    if (Date.now() > deadline) throw new Error(`${selector} is still there`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function submit(dialog: Element) {
  await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await settle();
  await settle();
}

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  act(() => userStore.set(MEMBER));
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
  act(() => {
    userStore.set(null);
    toastStore.set([]);
  });
});

describe('Settings → Account → API keys', () => {
  it("lists the member's keys: name, masked key, scope, created, last use and expiry", async () => {
    const section = await openAccount([USED, UNUSED]);
    expect(section.querySelector('h2')!.textContent).toBe('API keys');
    const [used, unused] = rows(section);
    expect(rows(section).map((r) => r.dataset.id)).toEqual(['2', '1']);

    expect(used!.querySelector('[data-testid="api-key-access-key"]')!.textContent).toBe('ans_WxYz…');
    expect(used!.textContent).toContain('Deploy bot');
    expect(used!.textContent).toContain('Read and write');
    expect(used!.textContent).toContain('Created: an hour ago');
    expect(used!.textContent).toContain('Last used: 2 minutes ago from 203.0.113.7');
    // The site's time zone (UTC by default).
    expect(used!.textContent).toContain('Expires: 2030-03-17 17:46');

    expect(unused!.textContent).toContain('Backup script');
    expect(unused!.textContent).toContain('Read only');
    expect(unused!.textContent).toContain('Last used: Never');
    expect(unused!.textContent).toContain('Expires: Never');
    expect(section.textContent).toContain('Programs send a key in this header: Authorization: Bearer <key>');
    expect(sent.filter((r) => r.url.startsWith(KEYS))).toEqual([{ method: 'GET', url: `${KEYS}/all`, body: undefined }]);
  });

  it('says what a key is for when there is none yet', async () => {
    const section = await openAccount([]);
    const empty = section.querySelector('[data-testid="api-keys-empty"]')!;
    expect(empty.textContent).toContain('No API keys yet');
    expect(empty.textContent).toContain("use this site's API as you");
    expect(empty.querySelector('code')!.textContent).toBe('Authorization: Bearer <key>');
    expect(rows(section)).toEqual([]);
  });

  it('creates a key, shows its secret once with a working Copy button, then lists it masked', async () => {
    const section = await openAccount([]);
    await clickText(section, 'Create API key');
    const dialog = await findIn('[data-testid="create-api-key-dialog"]');
    // Members choose read or write; each is explained; the admin scope is for site keys only.
    expect([...dialog.querySelectorAll<HTMLInputElement>('input[name="scope"]')].map((r) => r.value)).toEqual(['read', 'write']);
    expect(dialog.textContent).toContain('Reads what you can see');
    expect(dialog.textContent).toContain('Also does what you can do');
    expect([...dialog.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Never expires', '30 days', '90 days', '1 year']);

    await typeInto(dialog.querySelector<HTMLInputElement>('#field-description')!, 'CI pipeline');
    await act(async () => dialog.querySelector<HTMLInputElement>('#field-scope-write')!.click());
    await choose(dialog.querySelector<HTMLSelectElement>('#field-expires_at')!, '30');
    await submit(dialog);

    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { description: string; scope: string; expires_at: number };
    expect(body).toMatchObject({ description: 'CI pipeline', scope: 'write' });
    expect(Math.abs(body.expires_at - (Math.floor(Date.now() / 1000) + 30 * 86_400))).toBeLessThan(60);

    const secretDialog = await findIn('[data-testid="api-key-secret-dialog"]');
    expect(secretDialog.textContent).toContain('it will not be shown again');
    const secretField = secretDialog.querySelector<HTMLInputElement>('[data-testid="api-key-secret"]')!;
    expect(secretField.value).toBe(SECRET);
    expect(secretField.readOnly).toBe(true);

    await clickText(secretDialog, 'Copy');
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(secretDialog.querySelector('[data-testid="api-key-copy-status"]')!.textContent).toBe('The key was copied to the clipboard.');
    expect([...secretDialog.querySelectorAll('button')].map((b) => b.textContent)).toContain('Copied');

    await clickText(secretDialog, 'Done');
    await gone('[data-testid="api-key-secret-dialog"]');
    // Shown once: nowhere on the page any more, and the list shows only its start.
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(rows(section).map((r) => r.querySelector('[data-testid="api-key-access-key"]')!.textContent)).toEqual(['ans_AbCd…']);
    expect(rows(section)[0]!.textContent).toContain('CI pipeline');
  });

  it('says so when copying is not allowed, with the key selected for the keyboard', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const section = await openAccount([]);
    await clickText(section, 'Create API key');
    const dialog = await findIn('[data-testid="create-api-key-dialog"]');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-description')!, 'Laptop');
    await submit(dialog);
    const secretDialog = await findIn('[data-testid="api-key-secret-dialog"]');
    await clickText(secretDialog, 'Copy');
    expect(secretDialog.querySelector('[data-testid="api-key-copy-status"]')!.textContent).toContain('Copying is not allowed here');
    expect([...secretDialog.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Copied');
  });

  it("shows the server's field errors beside the fields, and checks the name before sending", async () => {
    const refusal = { status: 400, reason: 'error.common.invalid', msg: 'Invalid.', data: [{ error_field: 'expires_at', error_msg: 'The expiry must be in the future.' }, { error_field: 'description', error_msg: 'That name is taken.' }] };
    const section = await openAccount([], refusal);
    await clickText(section, 'Create API key');
    const dialog = await findIn('[data-testid="create-api-key-dialog"]');

    await submit(dialog);
    expect(dialog.querySelector('#field-description-error')!.textContent).toBe('This field is required.');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await typeInto(dialog.querySelector<HTMLInputElement>('#field-description')!, 'Backup script');
    await submit(dialog);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(dialog.querySelector('#field-description-error')!.textContent).toBe('That name is taken.');
    expect(dialog.querySelector('#field-description')!.classList.contains('is-invalid')).toBe(true);
    expect(dialog.querySelector('#field-expires_at-error')!.textContent).toBe('The expiry must be in the future.');
    expect(document.querySelector('[data-testid="api-key-secret-dialog"]')).toBeNull();
    expect(toastStore.get()).toEqual([]);
  });

  it('revokes a key with the DELETE of its id after the member confirms', async () => {
    const section = await openAccount([USED, UNUSED]);
    await clickText(rows(section)[1]!, 'Revoke');
    const confirm = await findIn('.modal');
    expect(confirm.textContent).toContain('Revoke "Backup script"? Programs using it lose access at once.');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);

    await clickText(confirm.querySelector('.modal-footer')!, 'Revoke');
    await settle();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', url: KEYS, body: { id: 1 } }]);
    expect(rows(section).map((r) => r.dataset.id)).toEqual(['2']);
    expect(toastStore.get().map((t) => t.message)).toContain('"Backup script" was revoked.');
  });

  it('keeps the key when the member cancels', async () => {
    const section = await openAccount([UNUSED]);
    await clickText(rows(section)[0]!, 'Revoke');
    await clickText(await findIn('.modal-footer'), 'Cancel');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    expect(rows(section)).toHaveLength(1);
  });

  it('renames a key', async () => {
    const section = await openAccount([UNUSED]);
    await clickText(rows(section)[0]!, 'Rename');
    const dialog = await findIn('[data-testid="rename-api-key-dialog"]');
    const field = dialog.querySelector<HTMLInputElement>('#field-description')!;
    expect(field.value).toBe('Backup script');
    await typeInto(field, 'Nightly backup');
    await submit(dialog);
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([{ method: 'PUT', url: KEYS, body: { id: 1, description: 'Nightly backup' } }]);
    expect(rows(section)[0]!.textContent).toContain('Nightly backup');
  });
});
