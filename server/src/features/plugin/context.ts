import type { ConfigValues, OutboxDelivery, PluginContext } from '@answer/plugin-sdk';
import { renderMarkdown } from '../../core/markdown.js';
import { enqueue } from '../../core/outbox.js';
import type { Runtime } from '../../runtime.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import type { PluginEntry } from './registry.js';
import { loadPluginState, loadUserConfig } from './state.js';

/** Outbox topic of a plugin's delivery (delivery.ts sends it). */
export const DELIVERY_TOPIC = 'plugin.deliver';
const STORE_PREFIX = 'answer:plugin-store:';
const MAX_STORE_SECONDS = 30 * 86400;

/**
 * The context a plugin's hooks get (SDK context.ts). Its config is read when the hook is called,
 * so a saved form applies at once on every instance (the state cache is dropped everywhere).
 */
export async function pluginContext(runtime: Runtime, entry: PluginEntry): Promise<PluginContext> {
  const state = await loadPluginState(runtime);
  const values: ConfigValues = { ...defaultsOf(entry), ...(state.configs[entry.slug] ?? {}) };
  const slug = entry.slug;
  const prefix = `plugin ${slug}:`;
  return {
    slug,
    config: () => values,
    userConfig: (userId) => loadUserConfig(runtime, slug, userId),
    log: {
      info: (message, details) => console.log(prefix, message, details ?? ''),
      warn: (message, details) => console.warn(prefix, message, details ?? ''),
      error: (message, details) => console.error(prefix, message, details ?? ''),
    },
    siteUrl: async () => parseSiteUrl((await loadSiteSettings(runtime)).general.site_url) ?? '',
    siteName: async () => (await loadSiteSettings(runtime)).general.name,
    markdown: (text) => renderMarkdown(text),
    deliver: (delivery) => deliverOnce(runtime, slug, delivery),
    store: {
      get: (key) => runtime.shared.get<string>(STORE_PREFIX + slug + ':' + key).then((v) => v ?? undefined),
      set: (key, value, ttl) => runtime.shared.set(STORE_PREFIX + slug + ':' + key, value, Math.min(ttl ?? MAX_STORE_SECONDS, MAX_STORE_SECONDS)),
      delete: (key) => runtime.shared.delete(STORE_PREFIX + slug + ':' + key),
      add: (key, value, ttl) => runtime.shared.add(STORE_PREFIX + slug + ':' + key, value, markerSeconds(ttl)),
    },
  };
}

/**
 * A set-if-absent marker's lifetime: whole seconds (Redis's EX takes no fractions), at least one
 * (a marker gone at once would let its first use be repeated), at most the store's longest.
 */
function markerSeconds(ttl: number): number {
  return Number.isFinite(ttl) ? Math.min(Math.max(Math.ceil(ttl), 1), MAX_STORE_SECONDS) : MAX_STORE_SECONDS;
}

/** The defaults of the fields of a plugin's admin form. */
export function defaultsOf(entry: PluginEntry): ConfigValues {
  const values: ConfigValues = {};
  for (const field of entry.plugin?.config?.fields ?? []) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

/**
 * Queues a delivery once per key: the key's row and the outbox row are written together, and the
 * key's primary key refuses a second one, so a hook run again never sends the same message twice.
 */
async function deliverOnce(runtime: Runtime, slug: string, delivery: OutboxDelivery): Promise<void> {
  // The URL is often a credential (a webhook): never in a message.
  if (!/^https?:\/\//.test(delivery.url)) throw new Error("a delivery URL must be http(s)");
  const key = `${slug}:${delivery.key}`.slice(0, 191);
  const queued = await runtime.database
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('plugin_delivery').values({ delivery_key: key, plugin_slug_name: slug, created_at: Math.floor(Date.now() / 1000) }).execute();
      await enqueue(trx, DELIVERY_TOPIC, { slug, url: delivery.url, body: delivery.body, headers: delivery.headers ?? {} });
      return true;
    })
    .catch(async (error: unknown) => {
      // Already queued by an earlier run: nothing to do. Anything else is a real failure.
      const exists = await runtime.database.selectFrom('plugin_delivery').select('delivery_key').where('delivery_key', '=', key).executeTakeFirst();
      if (exists) return false;
      throw error;
    });
  if (queued) void runtime.outbox.kick();
}
