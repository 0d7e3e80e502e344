import type { AnswerPlugin } from '@answer/plugin-sdk';
import { AppError, notFound } from '../../core/errors.js';
import { setMarkdownExtensions } from '../../core/markdown.js';
import { setFrameSources } from '../../core/security-headers.js';
import type { Runtime } from '../../runtime.js';
import { BUILTIN_CAPTCHA, captchaEnabled, setCaptchaEnabled } from '../captcha/plugin.js';
import { reviewRulesPlugin } from '../review/plugin.js';
import { otherActingUserCentres } from '../user-center/active.js';
import { callHook } from './call.js';
import { pluginContext } from './context.js';
import type { PluginEntry } from './registry.js';
import { enabledIn, loadPluginState, PLUGIN_STATE_KEY, saveEnabled } from './state.js';

export type PluginStatus = 'active' | 'inactive' | 'failed' | 'outdated';

/** Types of which only one plugin may be enabled: enabling one switches the others off (domain.md 15.2). */
const EXCLUSIVE = ['captcha', 'cdn', 'search', 'storage'] as const;

/** Registers the core's own plugins and, on every instance, re-applies what plugins change when their state changes. */
export function startPlugins(runtime: Runtime): void {
  runtime.plugins.addBuiltIn(BUILTIN_CAPTCHA);
  runtime.plugins.addBuiltIn(reviewRulesPlugin(runtime));
  runtime.invalidation.onDrop(PLUGIN_STATE_KEY, () => void applyPlugins(runtime));
}

export async function isEnabled(runtime: Runtime, entry: PluginEntry): Promise<boolean> {
  if (entry.slug === BUILTIN_CAPTCHA.info.slug_name) return captchaEnabled(runtime);
  return enabledIn(await loadPluginState(runtime), entry);
}

export function statusOf(entry: PluginEntry, enabled: boolean): PluginStatus {
  if (entry.outdated) return 'outdated';
  if (entry.failure && (entry.failure.during === 'load' || enabled)) return 'failed';
  return enabled ? 'active' : 'inactive';
}

/** Every plugin with its switch. */
export async function pluginsWithState(runtime: Runtime): Promise<{ entry: PluginEntry; enabled: boolean }[]> {
  return Promise.all(runtime.plugins.list().map(async (entry) => ({ entry, enabled: await isEnabled(runtime, entry) })));
}

/** The enabled plugins that have the given hooks, in load order. */
export async function enabledWith<K extends keyof AnswerPlugin>(runtime: Runtime, key: K): Promise<{ entry: PluginEntry; hooks: NonNullable<AnswerPlugin[K]> }[]> {
  if (!runtime.installed) return [];
  const found: { entry: PluginEntry; hooks: NonNullable<AnswerPlugin[K]> }[] = [];
  for (const entry of runtime.plugins.list()) {
    const hooks = entry.plugin?.[key];
    if (hooks && (await isEnabled(runtime, entry))) found.push({ entry, hooks: hooks as NonNullable<AnswerPlugin[K]> });
  }
  return found;
}

/** A plugin by slug, or 404 (unknown slugs and failed loads alike cannot be configured). */
export function pluginOr404(runtime: Runtime, slug: string): PluginEntry {
  const entry = runtime.plugins.get(slug);
  if (!entry) throw notFound('error.plugin.not_found');
  return entry;
}

/**
 * Switches a plugin. A plugin that failed to load or was built for another SDK cannot be
 * enabled; enabling one of a type that allows only one switches the others of that type off.
 */
export async function setPluginEnabled(runtime: Runtime, slug: string, enabled: boolean): Promise<void> {
  const entry = pluginOr404(runtime, slug);
  if (enabled && (!entry.plugin || entry.outdated)) throw new AppError(400, 'error.plugin.cannot_enable', { err_type: 'toast' });
  const changes: Record<string, boolean> = { [slug]: enabled };
  if (enabled) {
    for (const type of EXCLUSIVE) {
      if (!entry.types.includes(type)) continue;
      for (const other of runtime.plugins.list()) {
        if (other.slug === slug || !other.types.includes(type)) continue;
        if (other.slug === BUILTIN_CAPTCHA.info.slug_name) await setCaptchaEnabled(runtime, false);
        else changes[other.slug] = false;
      }
    }
    // One user centre acts at a time: a plugin is one only while its settings say so (a connector
    // that can also be the site's only sign-in), so only the others that act now are switched off.
    for (const other of await otherActingUserCentres(runtime, entry)) changes[other] = false;
  }
  if (slug === BUILTIN_CAPTCHA.info.slug_name) {
    await setCaptchaEnabled(runtime, enabled);
    delete changes[slug];
  }
  if (Object.keys(changes).length) await saveEnabled(runtime, changes);
  // Failures shown for a plugin are from before: switching it is the admin's way to try again.
  runtime.plugins.recordSuccess(slug);
  await applyPlugins(runtime);
}

/**
 * What enabled plugins change in the core, set again after every change of plugin state on this
 * instance (and, through the state key's invalidation, on every other): the Markdown rules and
 * sanitiser additions of render plugins, the frames embed plugins allow, and each enabled
 * plugin's `setup` with its current settings.
 */
export async function applyPlugins(runtime: Runtime): Promise<void> {
  if (!runtime.installed) return;
  const render = await enabledWith(runtime, 'render');
  const extensions = [];
  for (const { entry, hooks } of render) {
    const ctx = await pluginContext(runtime, entry);
    extensions.push({ extend: hooks.markdown ? (md: unknown) => hooks.markdown!(md, ctx) : undefined, allowedMarkup: hooks.allowedMarkup });
  }
  try {
    setMarkdownExtensions(extensions);
  } catch (error) {
    console.error('a render plugin failed to extend Markdown; posts are rendered without plugins', error);
    setMarkdownExtensions([]);
  }
  const frames: string[] = [];
  for (const { entry, hooks } of await enabledWith(runtime, 'embed')) {
    const ctx = await pluginContext(runtime, entry);
    frames.push(...(await callHook(runtime, entry, 'embed.frameSources', () => hooks.frameSources(ctx)).catch(() => [])));
  }
  setFrameSources(frames.filter((f) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(f)));
  for (const { entry } of (await pluginsWithState(runtime)).filter((p) => p.enabled && p.entry.plugin?.setup)) {
    const ctx = await pluginContext(runtime, entry);
    await callHook(runtime, entry, 'setup', () => entry.plugin!.setup!(ctx)).catch(() => undefined);
  }
}
