import type { WebHost } from '@answer/plugin-sdk/web';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginWebPart } from '../api/types';
import { followWebParts } from './load-web-parts';
import { pluginParts } from './parts';

// The plugins' modules, as the site would serve them at these paths.
const setups = vi.hoisted(() => ({ maths: vi.fn(), broken: vi.fn(), slow: vi.fn() }));
vi.mock('/plugins/maths/web.js', () => ({ default: setups.maths }));
vi.mock('/plugins/broken/web.js', () => ({ default: setups.broken }));
vi.mock('/plugins/slow/web.js', () => ({ default: setups.slow }));
vi.mock('/plugins/no-setup/web.js', () => ({ something: 'else' }));

const EMPTY = pluginParts.get();
const part = (slug: string, over: Partial<PluginWebPart> = {}): PluginWebPart => ({
  slug_name: slug,
  module: `/plugins/${slug}/web.js`,
  styles: [],
  config: {},
  pages: [],
  ...over,
});
const buttonsOf = () => pluginParts.get().editorButtons.map((b) => `${b.slug}/${b.name}`);
const stylesheets = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setups.maths.mockImplementation((host: WebHost) => host.addEditorButton({ name: 'formula', title: 'Formula', icon: '', run: () => undefined }));
});
afterEach(async () => {
  await followWebParts([]);
  pluginParts.set(EMPTY);
  document.head.innerHTML = '';
  vi.clearAllMocks();
});

describe('setting up the enabled plugins', () => {
  it("calls each module's setup with a host of its own", async () => {
    await followWebParts([part('maths', { config: { inline: true } })]);
    expect(setups.maths).toHaveBeenCalledTimes(1);
    const host = setups.maths.mock.calls[0]![0] as WebHost;
    expect([host.slug, host.config]).toEqual(['maths', { inline: true }]);
    expect(buttonsOf()).toEqual(['maths/formula']);
    expect(pluginParts.get().loading).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('isolates a plugin whose setup throws, whose module is missing or has no setup: a warning with its slug, the others run', async () => {
    setups.broken.mockImplementation((host: WebHost) => {
      host.addRenderer(() => undefined);
      throw new Error('boom');
    });
    await followWebParts([part('broken'), part('missing'), part('no-setup'), part('maths')]);
    expect(buttonsOf()).toEqual(['maths/formula']);
    // What the failed setup added before throwing is taken away with it.
    expect(pluginParts.get().renderers).toEqual([]);
    // Set up side by side: each warns when its own setup fails.
    expect(warn.mock.calls.map(([message]) => message).sort()).toEqual([
      'plugin broken: could not be set up',
      'plugin missing: could not be set up',
      'plugin no-setup: could not be set up',
    ]);
    expect(pluginParts.get().loading).toEqual([]);
  });

  it('waits for an async setup; meanwhile its pages are loading', async () => {
    let finish = () => undefined as void;
    setups.slow.mockImplementation((host: WebHost) => new Promise<void>((resolve) => {
      finish = () => {
        host.addPage({ path: 'slow', title: 'Slow', mount: () => undefined });
        resolve();
      };
    }));
    const done = followWebParts([part('slow', { pages: [{ path: 'slow', title: 'Slow' }] })]);
    await vi.waitFor(() => expect(setups.slow).toHaveBeenCalled());
    expect(pluginParts.get().loading).toEqual(['slow']);
    finish();
    await done;
    expect(pluginParts.get().loading).toEqual([]);
    expect(pluginParts.get().pages.map((p) => p.path)).toEqual(['slow']);
  });

  it('links the styles a page lacks, once, and a plugin with styles only needs no module', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/plugins/maths/katex.css">';
    await followWebParts([part('maths', { styles: ['/plugins/maths/katex.css', '/plugins/maths/extra.css'] }), part('theme', { module: null, styles: ['/plugins/theme/look.css'] })]);
    expect(stylesheets()).toEqual(['/plugins/maths/katex.css', '/plugins/maths/extra.css', '/plugins/theme/look.css']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes down a plugin no longer enabled: its parts and styles go, the others stay', async () => {
    setups.slow.mockImplementation((host: WebHost) => host.addSidebarWidget({ mount: () => undefined }));
    await followWebParts([part('maths', { styles: ['/plugins/maths/katex.css'] }), part('slow')]);
    expect(stylesheets()).toEqual(['/plugins/maths/katex.css']);
    await followWebParts([part('slow')]);
    expect(buttonsOf()).toEqual([]);
    expect(stylesheets()).toEqual([]);
    expect(pluginParts.get().widgets.map((w) => w.slug)).toEqual(['slow']);
    expect(setups.slow).toHaveBeenCalledTimes(1);
  });

  it('sets a plugin up again when its part changed (new settings), and not when it did not', async () => {
    await followWebParts([part('maths', { config: { delimiter: '$' } })]);
    await followWebParts([part('maths', { config: { delimiter: '$' } })]);
    expect(setups.maths).toHaveBeenCalledTimes(1);
    await followWebParts([part('maths', { config: { delimiter: '$$' } })]);
    expect(setups.maths).toHaveBeenCalledTimes(2);
    expect((setups.maths.mock.calls[1]![0] as WebHost).config).toEqual({ delimiter: '$$' });
    // The first setup's button went with it: one button, not two.
    expect(buttonsOf()).toEqual(['maths/formula']);
  });
});
