import type { AnswerPlugin } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import type { PluginEntry } from './registry.js';
import { enabledIn, loadPluginState } from './state.js';

export type EnabledHooks<K extends keyof AnswerPlugin> = { entry: PluginEntry; hooks: NonNullable<AnswerPlugin[K]> };

/**
 * The enabled plugins with the given hooks, in load order: service.ts `enabledWith` for the hooks
 * asked on hot paths (every search, every new post, every notification). It reads the plugin state
 * once, and not at all when no loaded plugin has such hooks, which is the usual case.
 */
export async function enabledHooks<K extends keyof AnswerPlugin>(runtime: Runtime, key: K): Promise<EnabledHooks<K>[]> {
  if (!runtime.installed) return [];
  const having = runtime.plugins.list().filter((entry) => entry.plugin?.[key]);
  if (!having.length) return [];
  const state = await loadPluginState(runtime);
  return having.filter((entry) => enabledIn(state, entry)).map((entry) => ({ entry, hooks: entry.plugin![key] as NonNullable<AnswerPlugin[K]> }));
}
