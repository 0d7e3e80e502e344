import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstalledPlugin } from '../../api/plugins';
import { toastStore } from '../../state/notices';
import { InstalledPlugins } from './InstalledPlugins';
import { adminPageHarness, click } from './admin-test-utils';

const api = vi.hoisted(() => ({ getInstalledPlugins: vi.fn(), setPluginEnabled: vi.fn(), USER_PLUGIN_TABS: ['user-plugin-tabs'] }));
vi.mock('../../api/plugins', () => api);
const start = vi.hoisted(() => ({ refreshPlugins: vi.fn() }));
vi.mock('../../plugins/refresh', () => start);

const plugin = (over: Partial<InstalledPlugin>): InstalledPlugin => ({
  name: 'Maths',
  slug_name: 'maths',
  description: 'Formulas in posts.',
  version: '1.2.0',
  link: '',
  author: 'Answer team',
  enabled: true,
  have_config: true,
  types: ['config', 'render', 'editor'],
  status: 'active',
  error: '',
  origin: 'first-party',
  ...over,
});

const PLUGINS = [
  plugin({}),
  plugin({ name: 'Storage', slug_name: 's3', enabled: false, status: 'inactive', origin: 'config', types: ['storage'], author: '' }),
  plugin({ name: 'Broken', slug_name: 'broken', enabled: false, status: 'failed', error: "Cannot find module 'left-pad'", origin: 'data-dir' }),
  plugin({ name: 'Old', slug_name: 'old', enabled: false, status: 'outdated', error: 'Built for SDK 0.3.0.', origin: 'data-dir', have_config: false }),
  plugin({ name: 'Crashed', slug_name: 'crashed', enabled: true, status: 'failed', error: 'setup threw', origin: 'built-in', have_config: false }),
];

describe('InstalledPlugins', () => {
  const page = adminPageHarness('/admin/installed-plugins', <InstalledPlugins />);
  const row = (slug: string) => page.host.querySelector<HTMLTableRowElement>(`[data-slug="${slug}"]`)!;
  const toggle = (slug: string) => row(slug).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  const cells = (slug: string) => [...row(slug).querySelectorAll('td')].map((td) => td.textContent);

  beforeEach(() => {
    vi.clearAllMocks();
    api.getInstalledPlugins.mockResolvedValue(PLUGINS);
    api.setPluginEnabled.mockResolvedValue(null);
    start.refreshPlugins.mockResolvedValue(undefined);
    toastStore.set([]);
  });

  it('lists every plugin with what it is, where it comes from and whether it runs', async () => {
    await page.open('/admin/installed-plugins');
    expect(api.getInstalledPlugins).toHaveBeenCalled();
    expect(cells('maths')).toEqual(['MathsFormulas in posts.by Answer teamSettingsRenderingEditor', '1.2.0', 'Bundled', 'Active', '', 'Settings']);
    expect(cells('s3')).toEqual(['StorageFormulas in posts.Storage', '1.2.0', 'config.yaml', 'Inactive', '', 'Switch it on to change its settings.']);
    expect(row('broken').querySelector('[data-testid="plugin-status"]')?.textContent).toBe(
      "FailedCannot find module 'left-pad'It did not load. Fix the cause above (its files or its dependencies), then restart the server.",
    );
    expect(row('old').querySelector('[data-testid="plugin-status"]')?.textContent).toContain('OutdatedBuilt for SDK 0.3.0.');
    expect(cells('crashed')[2]).toBe('Built in');
    // Only an enabled plugin's settings page can be opened (the route 404s the others).
    expect(row('maths').querySelector('a')?.getAttribute('href')).toBe('/admin/maths');
    expect(row('s3').querySelector('a')).toBeNull();
  });

  it('cannot switch on a plugin that failed or is outdated, but can switch off one that failed while on', async () => {
    await page.open('/admin/installed-plugins');
    expect(toggle('maths').disabled).toBe(false);
    expect(toggle('s3').disabled).toBe(false);
    expect(toggle('broken').disabled).toBe(true);
    expect(toggle('old').disabled).toBe(true);
    expect([toggle('crashed').checked, toggle('crashed').disabled]).toEqual([true, false]);
    expect(toggle('maths').getAttribute('aria-label')).toBe('Switch Maths on or off');
  });

  it('switches a plugin, says so, and has the app follow (pages, tabs, browser parts)', async () => {
    await page.open('/admin/installed-plugins');
    await click(toggle('s3'));
    expect(api.setPluginEnabled).toHaveBeenCalledWith('s3', true);
    expect(toastStore.get().map((t) => t.message)).toEqual(['Storage is on.']);
    expect(start.refreshPlugins).toHaveBeenCalledTimes(1);
    // The list is read again: the server knows whether the plugin runs now.
    expect(api.getInstalledPlugins).toHaveBeenCalledTimes(2);
  });

  it('leaves the switch as it was when the server refuses', async () => {
    api.setPluginEnabled.mockRejectedValue(new Error('refused'));
    await page.open('/admin/installed-plugins');
    await click(toggle('maths'));
    expect(toggle('maths').checked).toBe(true);
    expect(start.refreshPlugins).not.toHaveBeenCalled();
  });

  it('says how to add a plugin when there is none', async () => {
    api.getInstalledPlugins.mockResolvedValue([]);
    await page.open('/admin/installed-plugins');
    expect(page.host.querySelector('[data-testid="plugins-empty"]')?.textContent).toContain('name its package under plugins: in config.yaml, then restart the server');
  });

  it('says what to do when the list cannot be read, and reads it again', async () => {
    api.getInstalledPlugins.mockRejectedValue(new Error('down'));
    await page.open('/admin/installed-plugins');
    expect(page.host.querySelector('[data-testid="form-message"]')?.textContent).toContain('The list of plugins could not be loaded.');
    api.getInstalledPlugins.mockResolvedValue(PLUGINS);
    await click([...page.host.querySelectorAll('button')].find((b) => b.textContent === 'Reload'));
    expect(page.host.querySelector('[data-slug="maths"]')).not.toBeNull();
  });
});
