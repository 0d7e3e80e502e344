import { getPluginStatus, getPluginWeb } from '../api/common';
import { pluginStore } from '../state/site';
import { followWebParts } from './load-web-parts';

/**
 * After an admin changed the plugins (switched one, saved its settings): the pages they add and
 * their guards, and the browser parts, follow without reloading the page. Without an answer from
 * the server, what runs now stays.
 */
export async function refreshPlugins(): Promise<void> {
  const quiet = { passingError: true, ignore50x: true } as const;
  await Promise.all([
    getPluginStatus(quiet).then((list) => Array.isArray(list) && pluginStore.set(list), () => undefined),
    getPluginWeb().then((parts) => (Array.isArray(parts) ? followWebParts(parts) : undefined), () => undefined),
  ]);
}
