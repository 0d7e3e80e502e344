import type { ConfigValues } from '@answer/plugin-sdk';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import type { PluginEntry } from './registry.js';

/**
 * Which plugins are enabled and their admin settings, as domain.md 2.14 stores them: config row
 * `plugin.status` (a JSON map slug -> enabled) and one `plugin_config` row per plugin. Cached
 * like the site settings, and dropped on every instance at once when either changes.
 */
export const PLUGIN_STATE_KEY = 'answer:plugin-state';
const CACHE_SECONDS = 3600;
const STATUS_KEY = 'plugin.status';
/** Upstream's id of that row (seeded as `{}`; a site missing it gets it back under the same id). */
const STATUS_ROW_ID = 118;

interface PluginState {
  enabled: Record<string, boolean>;
  configs: Record<string, ConfigValues>;
}

export async function loadPluginState(runtime: Runtime): Promise<PluginState> {
  const cached = await runtime.cache.get<PluginState>(PLUGIN_STATE_KEY);
  if (cached) return cached;
  const db = runtime.database;
  const [status, rows] = await Promise.all([
    db.selectFrom('config').select('value').where('key', '=', STATUS_KEY).executeTakeFirst(),
    db.selectFrom('plugin_config').select(['plugin_slug_name', 'value']).execute(),
  ]);
  const state: PluginState = { enabled: parseObject(status?.value) as Record<string, boolean>, configs: {} };
  for (const row of rows) state.configs[row.plugin_slug_name] = parseObject(row.value);
  await runtime.cache.set(PLUGIN_STATE_KEY, state, CACHE_SECONDS);
  return state;
}

function parseObject(text: string | undefined): Record<string, unknown> {
  try {
    const value = text ? (JSON.parse(text) as unknown) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // A hand-edited value that does not parse: as if nothing were saved.
    return {};
  }
}

/** Whether a loaded, current plugin is on: the stored switch, else its own default (off for most). */
export function enabledIn(state: PluginState, entry: PluginEntry): boolean {
  if (!entry.plugin || entry.outdated) return false;
  const stored = state.enabled[entry.slug];
  return typeof stored === 'boolean' ? stored : entry.plugin.enabledByDefault === true;
}

/**
 * Switches plugins on or off. The row is read and written in one transaction that holds it, so
 * two admins switching different plugins at once both keep their change.
 */
export async function saveEnabled(runtime: Runtime, changes: Record<string, boolean>): Promise<void> {
  const db = runtime.database;
  await db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('config').select('value').where('key', '=', STATUS_KEY);
    if (dialectOf(trx) !== 'sqlite3') read = read.forUpdate();
    const row = await read.executeTakeFirst();
    const value = JSON.stringify({ ...parseObject(row?.value), ...changes });
    if (row) await trx.updateTable('config').set({ value }).where('key', '=', STATUS_KEY).execute();
    else await trx.insertInto('config').values({ id: STATUS_ROW_ID, key: STATUS_KEY, value }).execute();
  });
  await runtime.invalidate(PLUGIN_STATE_KEY);
}

/** Saves a plugin's whole admin config (an upsert on the unique slug). */
export async function saveConfig(runtime: Runtime, slug: string, values: ConfigValues): Promise<void> {
  const db = runtime.database;
  const t = Math.floor(Date.now() / 1000);
  const value = JSON.stringify(values);
  const insert = db.insertInto('plugin_config').values({ plugin_slug_name: slug, value, created_at: t, updated_at: t });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate({ value, updated_at: t })
    : insert.onConflict((oc) => oc.column('plugin_slug_name').doUpdateSet({ value, updated_at: t }))
  ).execute();
  await runtime.invalidate(PLUGIN_STATE_KEY);
}

export async function loadUserConfig(runtime: Runtime, slug: string, userId: string): Promise<ConfigValues> {
  const row = await runtime.database
    .selectFrom('plugin_user_config')
    .select('value')
    .where('plugin_slug_name', '=', slug)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return parseObject(row?.value);
}

/** Saves a member's settings of one plugin (an upsert on the unique (user, plugin)). */
export async function saveUserConfig(runtime: Runtime, slug: string, userId: string, values: ConfigValues): Promise<void> {
  const db = runtime.database;
  const t = Math.floor(Date.now() / 1000);
  const value = JSON.stringify(values);
  const insert = db.insertInto('plugin_user_config').values({ plugin_slug_name: slug, user_id: userId, value, created_at: t, updated_at: t });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate({ value, updated_at: t })
    : insert.onConflict((oc) => oc.columns(['user_id', 'plugin_slug_name']).doUpdateSet({ value, updated_at: t }))
  ).execute();
}
