import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PluginWebPart } from '../api/types';

const loader = vi.hoisted(() => ({ followWebParts: vi.fn() }));
vi.mock('./load-web-parts', () => loader);

const MATHS: PluginWebPart = { slug_name: 'maths', module: '/plugins/maths/web.js', styles: [], config: {}, pages: [] };
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data }));

/** A fresh app over a page whose inline data is `data` (the starter runs once per page). */
async function page(data: object) {
  vi.resetModules();
  document.head.innerHTML = `<script type="application/json" id="initial-data">${JSON.stringify(data)}</script>`;
  const [start, refresh, parts, site] = await Promise.all([import('./start'), import('./refresh'), import('./parts'), import('../state/site')]);
  return { ...start, ...refresh, parts: parts.pluginParts, plugins: site.pluginStore };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  document.head.innerHTML = '';
});

describe('starting the plugins', () => {
  it("loads the page's listed plugins without asking the server, and only once", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { startPlugins } = await page({ plugin_web: [MATHS] });
    startPlugins();
    startPlugins();
    await vi.waitFor(() => expect(loader.followWebParts).toHaveBeenCalledWith([MATHS]));
    expect(loader.followWebParts).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('downloads no loader on a site without browser plugins; their pages are then known not to exist', async () => {
    const { startPlugins, parts } = await page({ plugin_web: [] });
    startPlugins();
    await vi.waitFor(() => expect(parts.get().webParts).toEqual([]));
    expect(loader.followWebParts).not.toHaveBeenCalled();
  });

  it('downloads no loader when the plugins have stylesheets only (the server linked them)', async () => {
    const colours = { slug_name: 'code_highlight', module: null, styles: ['/plugins/code_highlight/code-base.css'], config: {}, pages: [] };
    const { startPlugins, parts } = await page({ plugin_web: [colours] });
    startPlugins();
    await vi.waitFor(() => expect(parts.get().webParts).toEqual([colours]));
    expect(loader.followWebParts).not.toHaveBeenCalled();
  });

  it('asks the server on a page without the list, and gives up waiting when it cannot answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope([MATHS])));
    const first = await page({});
    first.startPlugins();
    await vi.waitFor(() => expect(loader.followWebParts).toHaveBeenCalledWith([MATHS]));

    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502 })));
    // The request client logs a server's failure.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = await page({});
    second.startPlugins();
    await vi.waitFor(() => expect(second.parts.get().webParts).toEqual([]));
    expect(log).toHaveBeenCalledWith('request failed: /answer/api/v1/plugin/web', 502, '');
    expect(loader.followWebParts).toHaveBeenCalledTimes(1);
  });

  it("follows an admin's change: the plugin statuses the guards read, and the browser parts", async () => {
    const fetch = vi.fn(async (url: string) => envelope(url.endsWith('/plugin/status') ? [{ slug_name: 'maths', enabled: false }] : []));
    vi.stubGlobal('fetch', fetch);
    const { refreshPlugins, plugins } = await page({});
    await refreshPlugins();
    expect(plugins.get()).toEqual([{ slug_name: 'maths', enabled: false }]);
    // Whatever runs now is taken down.
    expect(loader.followWebParts).toHaveBeenCalledWith([]);
  });
});
