import { pathToFileURL } from 'node:url';
import { type AnswerPlugin, pluginTypes, type PluginType, SDK_VERSION } from '@answer/plugin-sdk';
import type { PluginSource } from './sources.js';

/** How long a plugin's module may take to load before it is given up as failed. */
const LOAD_TIMEOUT_MS = 10_000;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/** A plugin the site has: loaded (with its hooks) or failed (with the reason), never both. */
export interface PluginEntry {
  slug: string;
  source: PluginSource | null;
  plugin: AnswerPlugin | null;
  types: PluginType[];
  /** Why it could not load, or why its last hook call failed (cleared by a later success). */
  failure: { message: string; at: number; during: 'load' | string } | null;
  /** Built against an SDK major this host does not know: listed, never called. */
  outdated: boolean;
}

/**
 * The plugins of one running site. Loading never throws: a module that cannot be found, throws,
 * exports no plugin or takes too long becomes a failed entry the admin page shows, and the rest
 * of the site runs without it.
 */
export class PluginRegistry {
  #entries = new Map<string, PluginEntry>();
  /** How long one hook call may take (features/plugin/call.ts); tests shorten it. */
  hookTimeoutMs = 10_000;

  constructor(private readonly log: (message: string, details: Record<string, unknown>) => void) {}

  /**
   * Built-in plugins (the core's own captcha and review rules), listed like the others but ahead
   * of every loaded plugin, whenever they are added: hooks are asked in this order, and the site's
   * own review rules decide before any reviewer plugin.
   */
  addBuiltIn(plugin: AnswerPlugin): void {
    const builtIn: PluginEntry = { slug: plugin.info.slug_name, source: null, plugin, types: pluginTypes(plugin), failure: null, outdated: false };
    const loaded = [...this.#entries].filter(([, entry]) => entry.source !== null);
    const builtIns = [...this.#entries].filter(([, entry]) => entry.source === null);
    this.#entries = new Map([...builtIns, [builtIn.slug, builtIn], ...loaded]);
  }

  #loaded = false;

  /** Loads the site's plugins the first time the site is ready; later calls do nothing (a restart reloads). */
  async loadOnce(sources: PluginSource[]): Promise<void> {
    if (this.#loaded) return;
    this.#loaded = true;
    await this.load(sources);
  }

  async load(sources: PluginSource[]): Promise<void> {
    for (const source of sources) {
      const loaded = await importPlugin(source).then(
        (plugin) => ({ plugin, error: null }),
        (error: unknown) => ({ plugin: null, error: error instanceof Error ? error.message : String(error) }),
      );
      const slug = loaded.plugin?.info.slug_name ?? `${source.origin}:${source.name}`;
      const taken = this.#entries.get(slug);
      if (taken) {
        this.log('plugin not loaded: its slug is already used', { plugin: slug, root: source.root, by: taken.source?.root ?? 'built-in' });
        this.#entries.set(`${source.origin}:${source.name}`, failedEntry(`${source.origin}:${source.name}`, source, `The slug "${slug}" is already used by another plugin.`));
        continue;
      }
      if (!loaded.plugin) {
        this.log('plugin failed to load', { plugin: source.name, root: source.root, error: loaded.error });
        this.#entries.set(slug, failedEntry(slug, source, loaded.error ?? 'unknown error'));
        continue;
      }
      const outdated = majorOf(loaded.plugin.info.sdk ?? SDK_VERSION) !== majorOf(SDK_VERSION);
      this.#entries.set(slug, { slug, source, plugin: loaded.plugin, types: pluginTypes(loaded.plugin), failure: null, outdated });
    }
  }

  list(): PluginEntry[] {
    return [...this.#entries.values()];
  }

  get(slug: string): PluginEntry | undefined {
    return this.#entries.get(slug);
  }

  /** A hook call failed: shown on the admin page until a later call succeeds. */
  recordFailure(slug: string, during: string, message: string): void {
    const entry = this.#entries.get(slug);
    if (entry) entry.failure = { message, at: Math.floor(Date.now() / 1000), during };
  }

  recordSuccess(slug: string): void {
    const entry = this.#entries.get(slug);
    if (entry?.failure && entry.failure.during !== 'load') entry.failure = null;
  }
}

function failedEntry(slug: string, source: PluginSource, message: string): PluginEntry {
  return { slug, source, plugin: null, types: [], failure: { message, at: Math.floor(Date.now() / 1000), during: 'load' }, outdated: false };
}

const majorOf = (version: string) => version.split('.')[0];

/** The module's plugin (its default export, or an export named `plugin`), checked for the fields every plugin has. */
async function importPlugin(source: PluginSource): Promise<AnswerPlugin> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`loading took longer than ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const module = (await Promise.race([import(pathToFileURL(source.entry).href), timeout])) as { default?: unknown; plugin?: unknown };
    const plugin = (module.default ?? module.plugin) as AnswerPlugin | undefined;
    if (!plugin || typeof plugin !== 'object' || !plugin.info) throw new Error('the module exports no plugin (a default export with `info`)');
    if (typeof plugin.info.slug_name !== 'string' || !SLUG.test(plugin.info.slug_name)) throw new Error('info.slug_name must be lower-case letters, digits, _ or -');
    if (!plugin.info.name || typeof plugin.info.version !== 'string') throw new Error('info.name and info.version are required');
    return plugin;
  } finally {
    clearTimeout(timer);
  }
}
