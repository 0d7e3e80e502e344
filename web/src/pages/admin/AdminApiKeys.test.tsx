import type { ApiKeyItem } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, findIn, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { AdminApiKeys } from './AdminApiKeys';
import { ADMIN_MENU } from './menu';

const KEYS = '/answer/admin/api/api-key';
const ADMIN = { id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 };
const SECRET = 'ans_SiteKeySecret0123456789abcdefghijkl';
const NOW = Math.floor(Date.now() / 1000);
const SITE_KEY: ApiKeyItem = {
  id: 4,
  access_key: 'ans_SiTe…',
  description: 'Moderation bot',
  scope: 'admin',
  created_at: NOW - 86_400,
  last_used_at: NOW - 60,
  last_used_ip: '198.51.100.2',
  // Expired an hour ago: it no longer works.
  expires_at: NOW - 3600,
  owner: { username: 'boss', display_name: 'Boss' },
};

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(keys: ApiKeyItem[], mcpEnabled = false) {
  let current = keys;
  let mcp = mcpEnabled;
  sent = fakeApi({
    [`GET /answer/admin/api/mcp-config`]: () => ({ enabled: mcp, type: 'streamable-http', url: 'https://qa.example.com/answer/api/v1/mcp', http_header: 'Authorization: Bearer <API key>' }),
    [`PUT /answer/admin/api/mcp-config`]: ({ body }) => {
      mcp = (body as { enabled: boolean }).enabled;
      return null;
    },
    [`GET ${KEYS}/all`]: () => current,
    [`POST ${KEYS}`]: ({ body }) => {
      const { description, scope } = body as { description: string; scope: ApiKeyItem['scope'] };
      current = [{ ...SITE_KEY, id: 5, description, scope, access_key: 'ans_SiKe…', expires_at: 0, last_used_at: 0, last_used_ip: '' }, ...current];
      return { access_key: SECRET };
    },
    [`DELETE ${KEYS}`]: ({ body }) => {
      current = current.filter((k) => k.id !== (body as { id: number }).id);
      return null;
    },
  });
  view = await renderRoutes([{ path: '/admin/api-keys', element: <AdminApiKeys /> }], '/admin/api-keys');
  await settle();
  return view.host.querySelector<HTMLElement>('[data-testid="admin-api-keys"]')!;
}

const rows = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[data-testid="api-key"]')];

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  act(() => userStore.set(ADMIN));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
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

describe('Admin → API keys', () => {
  it('switches the MCP server on and then shows how an assistant connects', async () => {
    const page = await open([]);
    const section = page.querySelector<HTMLElement>('[data-testid="mcp-config"]')!;
    expect(section.textContent).toContain('MCP server');
    expect(section.textContent).not.toContain('/answer/api/v1/mcp');
    await act(async () => section.querySelector<HTMLInputElement>('#mcp-enabled')!.click());
    await settle();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ enabled: true }]);
    expect(page.querySelector('[data-testid="mcp-config"]')!.textContent).toContain('https://qa.example.com/answer/api/v1/mcp');
  });

  it('is in the admin menu', () => {
    const links = ADMIN_MENU.flatMap((item) => item.children ?? [{ key: item.key, path: item.path ?? '' }]);
    expect(links).toContainEqual({ key: 'api_keys', path: '/admin/api-keys' });
  });

  it('lists the site keys in a table that scrolls on a phone, with the administrator each acts as', async () => {
    const page = await open([SITE_KEY]);
    expect(page.querySelector('h1')!.textContent).toBe('API keys');
    const table = page.querySelector('table[data-testid="api-keys"]')!;
    expect(table.parentElement!.classList.contains('table-responsive')).toBe(true);
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'Acts as', 'Access', 'Created', 'Last used', 'Expires', 'Actions']);
    const cells = [...rows(page)[0]!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual(['Moderation botans_SiTe…', 'Boss@boss', 'Administration', 'a day ago', 'a minute ago from 198.51.100.2', 'Expired']);
  });

  it('says what a site key is for when there is none', async () => {
    const page = await open([]);
    const empty = page.querySelector('[data-testid="api-keys-empty"]')!;
    expect(empty.textContent).toContain('No API keys yet');
    expect(empty.textContent).toContain('as the administrator who created it');
    expect(empty.textContent).toContain('Authorization: Bearer <key>');
  });

  it('creates an admin key (a scope only site keys have) and shows its secret once', async () => {
    const page = await open([]);
    await clickText(page, 'Create API key');
    const dialog = await findIn('[data-testid="create-api-key-dialog"]');
    expect([...dialog.querySelectorAll<HTMLInputElement>('input[name="scope"]')].map((r) => r.value)).toEqual(['read', 'write', 'admin']);
    expect(dialog.textContent).toContain('Also uses the admin API');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-description')!, 'Moderation bot');
    await act(async () => dialog.querySelector<HTMLInputElement>('#field-scope-admin')!.click());
    await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await settle();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', url: KEYS, body: { description: 'Moderation bot', scope: 'admin', expires_at: 0 } }]);
    const secret = await findIn<HTMLInputElement>('[data-testid="api-key-secret"]');
    expect(secret.value).toBe(SECRET);
    expect(rows(page).map((r) => r.dataset.id)).toEqual(['5']);
    expect(rows(page)[0]!.textContent).not.toContain(SECRET);
  });

  it('revokes a site key with the DELETE of its id', async () => {
    const page = await open([SITE_KEY]);
    await clickText(rows(page)[0]!, 'Revoke');
    await clickText(await findIn('.modal-footer'), 'Revoke');
    await settle();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', url: KEYS, body: { id: 4 } }]);
    expect(page.querySelector('[data-testid="api-keys-empty"]')).toBeTruthy();
  });
});
