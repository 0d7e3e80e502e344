import type { Runtime } from '../../runtime.js';
import { callHook } from './call.js';
import { pluginContext } from './context.js';
import { enabledWith } from './service.js';
import { loadPluginState } from './state.js';

/** An https origin with an optional path, nothing that could leave an attribute or a CSP source. */
const PREFIX = /^https:\/\/[a-z0-9.-]+(:\d+)?(\/[\w./~-]*)?$/i;

/** Asked once per plugin state (a new object after every change). */
const prefixes = new WeakMap<object, Promise<string>>();

/**
 * Where the app's static files are served from when a CDN plugin is enabled (its `staticPrefix`,
 * e.g. https://cdn.example.com), without a trailing slash; '' for our own origin, also when the
 * plugin fails or gives something that is not a plain https address.
 */
export async function staticPrefix(runtime: Runtime): Promise<string> {
  if (!runtime.installed) return '';
  const state = await loadPluginState(runtime);
  let found = prefixes.get(state);
  if (!found) {
    found = (async () => {
      const [cdn] = await enabledWith(runtime, 'cdn');
      if (!cdn) return '';
      const ctx = await pluginContext(runtime, cdn.entry);
      const prefix = await callHook(runtime, cdn.entry, 'cdn.staticPrefix', () => cdn.hooks.staticPrefix(ctx)).catch(() => '');
      return typeof prefix === 'string' && PREFIX.test(prefix) ? prefix.replace(/\/+$/, '') : '';
    })();
    prefixes.set(state, found);
  }
  return found;
}
