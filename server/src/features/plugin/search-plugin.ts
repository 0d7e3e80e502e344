import { type SearchContent, type SearchQuery, type SearchSyncer, translate } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import { callHook, PluginHookError } from './call.js';
import { pluginContext } from './context.js';
import { type EnabledHooks, enabledHooks } from './enabled-hooks.js';

export type SearchPlugin = EnabledHooks<'search'>;

export interface PluginHit {
  objectId: string;
  type: 'question' | 'answer';
}

/**
 * The enabled search plugin, or null (domain.md 15.1: the first enabled; enabling one switches
 * the others off, service.ts). Every search asks this: it costs nothing when no loaded plugin
 * searches, and one cached read of the plugin state otherwise.
 */
export async function enabledSearchPlugin(runtime: Runtime): Promise<SearchPlugin | null> {
  return (await enabledHooks(runtime, 'search'))[0] ?? null;
}

/**
 * Asks the plugin for one page of ids. Null when it fails (throws, hangs, or answers something
 * that is not a list of results): callHook has logged it and marked the plugin failed, and the
 * caller falls back to the built-in search.
 */
export async function askSearchPlugin(runtime: Runtime, { entry, hooks }: SearchPlugin, query: SearchQuery): Promise<{ hits: PluginHit[]; total: number } | null> {
  const ctx = await pluginContext(runtime, entry);
  try {
    return await callHook(runtime, entry, 'search.search', async () => {
      const answer = await hooks.search(query, ctx);
      if (!answer || !Array.isArray(answer.results)) throw new Error('search() must answer { results: [...], total }');
      const hits = answer.results.filter((r): r is PluginHit => !!r && typeof r.objectId === 'string' && (r.type === 'question' || r.type === 'answer'));
      const total = Number(answer.total);
      return { hits, total: Number.isFinite(total) && total > 0 ? Math.floor(total) : 0 };
    });
  } catch (error) {
    if (error instanceof PluginHookError) return null;
    throw error;
  }
}

/**
 * Tells the plugin what changed: posts to (re)index and ids to drop. A failing call throws
 * PluginHookError, so the outbox row that asked is retried later, the calls before it included
 * (they are idempotent).
 */
export async function updateSearchPlugin(runtime: Runtime, { entry, hooks }: SearchPlugin, change: { update: SearchContent[]; remove: string[] }): Promise<void> {
  if (!change.update.length && !change.remove.length) return;
  const ctx = await pluginContext(runtime, entry);
  for (const content of change.update) await callHook(runtime, entry, 'search.updateContent', () => hooks.updateContent(content, ctx));
  for (const id of change.remove) await callHook(runtime, entry, 'search.deleteContent', () => hooks.deleteContent(id, ctx));
}

/** A whole site's indexing takes longer than one hook call may: the sync gets hours, not seconds. */
const SYNC_TIMEOUT_MS = 6 * 3600_000;

/**
 * Runs the plugin's initial indexing (`sync`), if it has one. Resolves when it ends; the plugin's
 * own failure is logged and shown on the plugin (callHook), not thrown.
 */
export async function runSearchSync(runtime: Runtime, { entry, hooks }: SearchPlugin, syncer: SearchSyncer): Promise<void> {
  if (!hooks.sync) return;
  const ctx = await pluginContext(runtime, entry);
  await callHook(runtime, entry, 'search.sync', () => hooks.sync!(syncer, ctx), SYNC_TIMEOUT_MS).catch((error: unknown) => {
    if (!(error instanceof PluginHookError)) throw error;
  });
}

/**
 * `GET /search/desc` (upstream's SearchDesc): the enabled plugin's name (its description's, else
 * its own), icon and link; all empty with the built-in search. The client shows the icon as an
 * image and the link as a link, so only web addresses pass (an inline SVG becomes a data URL);
 * anything else, a `javascript:` link say, is dropped.
 */
export async function searchDescription(runtime: Runtime, lang: string): Promise<{ name: string; icon: string; link: string }> {
  const plugin = await enabledSearchPlugin(runtime);
  if (!plugin) return { name: '', icon: '', link: '' };
  const desc = plugin.hooks.description ?? {};
  return {
    name: translate(desc.name ?? plugin.entry.plugin!.info.name, lang),
    icon: iconUrl(desc.icon ?? ''),
    link: /^https?:\/\//i.test(desc.link ?? '') ? desc.link! : '',
  };
}

function iconUrl(icon: string): string {
  const text = icon.trim();
  if (/^<svg[\s>]/i.test(text)) return `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;
  return /^(https?:\/\/|data:image\/)/i.test(text) ? text : '';
}
