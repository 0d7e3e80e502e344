import type { ConfigFieldWire } from '@answer/plugin-sdk';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { toastStore } from '../../state/notices';
import { PluginConfig } from './PluginConfig';
import { adminPageHarness, click } from './admin-test-utils';

const api = vi.hoisted(() => ({ getPluginConfig: vi.fn(), savePluginConfig: vi.fn() }));
vi.mock('../../api/plugins', () => api);
const start = vi.hoisted(() => ({ refreshPlugins: vi.fn() }));
vi.mock('../../plugins/refresh', () => start);

const KEY: ConfigFieldWire = { name: 'api_key', type: 'input', title: 'API key', description: '', required: true, value: '********', ui_options: { input_type: 'password' }, options: [] };
const config = (fields: ConfigFieldWire[], slug = 'chat') => ({ name: 'Chat', slug_name: slug, description: 'Posts to a chat room.', version: '2.0.0', config_fields: fields });

describe('PluginConfig', () => {
  const page = adminPageHarness('/admin/:slug_name', <PluginConfig />);
  const save = () => click([...page.host.querySelectorAll('button')].find((b) => b.textContent === 'Save'));

  beforeEach(() => {
    vi.clearAllMocks();
    toastStore.set([]);
    api.getPluginConfig.mockResolvedValue(config([KEY]));
    api.savePluginConfig.mockResolvedValue(null);
    start.refreshPlugins.mockResolvedValue(undefined);
  });

  it("shows the plugin and its form, saves it (a set secret sent back as it came), then reads it again", async () => {
    await page.open('/admin/chat');
    expect(api.getPluginConfig).toHaveBeenCalledWith('chat', expect.anything());
    expect(page.host.querySelector('h1')?.textContent).toBe('Chat2.0.0');
    expect(page.host.textContent).toContain('Posts to a chat room.');
    await save();
    expect(api.savePluginConfig).toHaveBeenCalledWith('chat', { api_key: '********' });
    expect(toastStore.get().map((t) => t.message)).toEqual(['Settings saved.']);
    expect(api.getPluginConfig).toHaveBeenCalledTimes(2);
    // What the plugin lets browsers see may have changed.
    expect(start.refreshPlugins).toHaveBeenCalledTimes(1);
  });

  it("shows the save's warning (a connector pointed at another identity provider) until the next save", async () => {
    api.savePluginConfig.mockResolvedValueOnce({ warning: '3 people connected their accounts through the identity provider these settings used before.' });
    await page.open('/admin/chat');
    await save();
    expect(page.host.querySelector('[data-testid="plugin-config-warning"]')?.textContent).toContain('3 people connected');
    await save();
    expect(page.host.querySelector('[data-testid="plugin-config-warning"]')).toBeNull();
  });

  it('keeps the form as edited when the server refuses a field', async () => {
    api.savePluginConfig.mockRejectedValue(new ApiError(400, 'error.plugin.field_required', '', null, [{ error_field: 'api_key', error_msg: 'This field is required.' }]));
    await page.open('/admin/chat');
    const key = page.host.querySelector<HTMLInputElement>('#field-api_key')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(key, '');
      key.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await save();
    expect(page.host.querySelector('#field-api_key-error')?.textContent).toBe('This field is required.');
    expect(page.host.querySelector<HTMLInputElement>('#field-api_key')?.value).toBe('');
    expect(api.getPluginConfig).toHaveBeenCalledTimes(1);
  });

  it('says when a plugin has no settings, and where a built-in one is set', async () => {
    api.getPluginConfig.mockResolvedValue(config([], 'basic_captcha'));
    await page.open('/admin/basic_captcha');
    expect(page.host.querySelector('[data-testid="plugin-no-config"]')).not.toBeNull();
    expect(page.host.querySelector('a')?.getAttribute('href')).toBe('/admin/security');
    expect(page.host.querySelector('form')).toBeNull();
  });
});
