import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginWebPart } from '../api/types';
import { DEFAULT_LANGUAGE, i18n } from '../i18n/translator';
import { pluginParts } from './parts';
import { createWebHost } from './web-host';

const EMPTY = pluginParts.get();
const part = (over: Partial<PluginWebPart> = {}): PluginWebPart => ({ slug_name: 'maths', module: '/plugins/maths/web.js', styles: [], config: { inline: true }, pages: [], ...over });
/** Lets the MutationObserver's callbacks run. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.documentElement.setAttribute('data-bs-theme', 'light');
});
afterEach(() => {
  pluginParts.set(EMPTY);
  i18n.changeLanguage(DEFAULT_LANGUAGE);
  vi.unstubAllGlobals();
});

describe('the WebHost a plugin gets', () => {
  it('names the plugin, hands it its public config and reads the language at the time of asking', () => {
    const { host } = createWebHost(part());
    expect(host.slug).toBe('maths');
    expect(host.config).toEqual({ inline: true });
    expect(host.language).toBe('en_US');
    i18n.changeLanguage('zh_CN');
    expect(host.language).toBe('zh_CN');
    expect(host.translate({ en_US: 'Formula', zh_CN: '公式' })).toBe('公式');
    expect(host.translate({ en_US: 'Formula' })).toBe('Formula');
    expect(host.translate('Plain')).toBe('Plain');
  });

  it("follows the page's colour scheme and tells listeners of changes until they stop", async () => {
    const { host } = createWebHost(part());
    expect(host.theme()).toBe('light');
    const listener = vi.fn();
    const stop = host.onThemeChange(listener);
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    await observed();
    expect(host.theme()).toBe('dark');
    expect(listener).toHaveBeenCalledWith('dark');
    // Setting the same scheme again is no change.
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    await observed();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    document.documentElement.setAttribute('data-bs-theme', 'light');
    await observed();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('registers what the plugin adds under its slug, titles translated when shown', () => {
    const { host } = createWebHost(part());
    const run = vi.fn();
    host.addEditorButton({ name: 'formula', title: { en_US: 'Formula', zh_CN: '公式' }, icon: '<svg></svg>', run });
    host.addRenderer(() => undefined);
    host.addSidebarWidget({ title: 'Tips', mount: () => undefined });
    host.addPage({ path: '/maths/help/', title: 'Help', mount: () => undefined });
    const parts = pluginParts.get();
    expect(parts.editorButtons.map((b) => [b.slug, b.name, b.icon])).toEqual([['maths', 'formula', '<svg></svg>']]);
    expect(parts.editorButtons[0]!.title()).toBe('Formula');
    i18n.changeLanguage('zh_CN');
    expect(parts.editorButtons[0]!.title()).toBe('公式');
    expect(parts.renderers.map((r) => r.slug)).toEqual(['maths']);
    expect(parts.widgets.map((w) => w.title())).toEqual(['Tips']);
    expect(parts.pages.map((p) => [p.slug, p.path, p.title()])).toEqual([['maths', 'maths/help', 'Help']]);
    const editor = { selection: () => 'x', replaceSelection: vi.fn() };
    parts.editorButtons[0]!.run(editor);
    expect(run).toHaveBeenCalledWith(editor);
  });

  it('keeps what a part throws from the app: a warning naming the plugin instead', () => {
    const { host } = createWebHost(part());
    host.addEditorButton({ name: 'broken', title: 'Broken', icon: '', run: () => { throw new Error('button'); } });
    host.addRenderer(() => { throw new Error('render'); });
    host.addSidebarWidget({ mount: () => () => { throw new Error('clean-up'); } });
    const { editorButtons, renderers, widgets } = pluginParts.get();
    const element = document.createElement('div');
    expect(() => editorButtons[0]!.run({ selection: () => '', replaceSelection: () => undefined })).not.toThrow();
    expect(renderers[0]!.render(element)).toBeUndefined();
    const cleanUp = widgets[0]!.mount(element);
    expect(typeof cleanUp).toBe('function');
    expect(() => (cleanUp as () => void)()).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(3);
    for (const [message] of warn.mock.calls) expect(message).toMatch(/^plugin maths: /);
  });

  it("calls the site's API through the app's client, and only the site's API", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: { n: 1 } })));
    vi.stubGlobal('fetch', fetch);
    const { host } = createWebHost(part());
    await expect(host.api.get('/answer/api/v1/question/page?page=1')).resolves.toEqual({ n: 1 });
    await expect(host.api.post('/answer/api/v1/render', { a: 1 })).resolves.toEqual({ n: 1 });
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/answer/api/v1/question/page?page=1', 'GET', undefined],
      ['/answer/api/v1/render', 'POST', '{"a":1}'],
    ]);
    await expect(host.api.get('/answer/admin/api/plugins')).rejects.toThrow(/not a path of the site's API/);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('adds nothing and tells no listener once stopped (the plugin was disabled)', async () => {
    const running = createWebHost(part());
    const listener = vi.fn();
    running.host.onThemeChange(listener);
    running.stop();
    running.host.addRenderer(() => undefined);
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    await observed();
    expect(pluginParts.get().renderers).toEqual([]);
    expect(listener).not.toHaveBeenCalled();
  });
});
