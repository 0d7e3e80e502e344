import { getPluginWeb } from '../api/common';
import type { PluginWebPart } from '../api/types';
import { initialData } from '../app/initial-data';
import { setWebParts } from './parts';

let started = false;

/**
 * Sets up the enabled plugins' browser parts once the app has taken over the page (App calls it
 * from an effect), so plugins never delay its first paint. A page the server sent lists them in
 * its initial data; otherwise the server is asked. The loader is a chunk of its own: a site
 * without plugin scripts never downloads it.
 */
export function startPlugins(): void {
  if (started) return;
  started = true;
  const listed = initialData().plugin_web;
  void (listed ? Promise.resolve(listed) : getPluginWeb().catch((): PluginWebPart[] => [])).then(async (parts) => {
    if (!Array.isArray(parts) || !parts.length) return setWebParts([], []);
    // Parts with stylesheets only (code colours) are complete once the server linked those: no loader.
    if (!parts.some((part) => part.module)) return setWebParts(parts, []);
    try {
      await (await import('./load-web-parts')).followWebParts(parts);
    } catch (error) {
      // The loader's own download failed (a deploy replaced the chunks, a network blip): no plugins this time.
      console.warn('plugins: the plugin loader could not be loaded', error);
      setWebParts(parts, []);
    }
  });
}
