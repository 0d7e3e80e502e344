import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { SettingsLayout, SettingsPlugin } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({ getUserPluginTabs: vi.fn(), getUserPluginConfig: vi.fn(), saveUserPluginConfig: vi.fn(), USER_PLUGIN_TABS: ['user-plugin-tabs'] }));
vi.mock('../../api/plugins', () => api);

let root: Root;
let host: HTMLDivElement;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function open(path: string) {
  const router = createMemoryRouter(
    [{ path: '/users/settings', element: <SettingsLayout />, children: [{ path: 'profile', element: <p>profile</p> }, { path: ':slug_name', element: <SettingsPlugin /> }] }],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  vi.clearAllMocks();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  api.getUserPluginTabs.mockResolvedValue([{ name: 'Chat', slug_name: 'chat' }]);
  api.getUserPluginConfig.mockResolvedValue({
    name: 'Chat',
    slug_name: 'chat',
    description: 'Your chat notifications.',
    config_fields: [{ name: 'mentions', type: 'switch', title: 'Mentions', description: '', required: false, value: true, ui_options: {}, options: [] }],
  });
  api.saveUserPluginConfig.mockResolvedValue(null);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe("a member's plugin settings", () => {
  it("get a tab per plugin after the app's own", async () => {
    await open('/users/settings/profile');
    const tabs = [...host.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(tabs.at(-1)).toEqual(['Chat', '/users/settings/chat']);
    expect(tabs.slice(0, 4).map(([, href]) => href)).toEqual(['/users/settings/profile', '/users/settings/notify', '/users/settings/account', '/users/settings/interface']);
  });

  it("show the plugin's member form and save it over the member's config API", async () => {
    await open('/users/settings/chat');
    expect(api.getUserPluginConfig).toHaveBeenCalledWith('chat', expect.anything());
    expect(host.textContent).toContain('Your chat notifications.');
    await act(async () => host.querySelector<HTMLInputElement>('#field-mentions')!.click());
    await act(async () => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Save')!.click());
    await settle();
    expect(api.saveUserPluginConfig).toHaveBeenCalledWith('chat', { mentions: false });
  });
});
