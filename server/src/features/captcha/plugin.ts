import type { Db } from '../../db/connect.js';
import { dialectOf } from '../../db/migrations/dialect.js';

/**
 * The built-in captcha presents itself as upstream's captcha plugin does, so a 1.4.0 client that
 * shows captchas only through an enabled captcha plugin (GET /plugin/status) finds one. An
 * administrator switches it with PUT /answer/admin/api/plugin/status, as for any plugin; when it
 * is off, no captcha is asked and only the hard limits apply. Stored like upstream: the config row
 * `plugin.status`, a JSON map slug -> enabled. Built in and on by default.
 */
export const BUILTIN_PLUGINS = [
  {
    slug_name: 'basic_captcha',
    name: 'Captcha',
    description: 'Built-in image captcha, asked after repeated or rapid attempts.',
    version: 'built-in',
    link: '',
    type: 'captcha',
    defaultEnabled: true,
  },
] as const;

export type PluginSlug = (typeof BUILTIN_PLUGINS)[number]['slug_name'];
const KEY = 'plugin.status';

const PLUGIN_STATUS_ID = 118;

function parseStatus(value: string | undefined): Record<string, boolean> {
  try {
    const parsed = value ? JSON.parse(value) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

async function storedStatus(db: Db): Promise<Record<string, boolean>> {
  const row = await db.selectFrom('config').select('value').where('key', '=', KEY).executeTakeFirst();
  return parseStatus(row?.value);
}

/** Every built-in plugin with its current state. */
export async function pluginStatus(db: Db) {
  const stored = await storedStatus(db);
  return BUILTIN_PLUGINS.map((p) => ({ ...p, enabled: stored[p.slug_name] ?? p.defaultEnabled }));
}

export async function captchaEnabled(db: Db): Promise<boolean> {
  return (await pluginStatus(db)).some((p) => p.type === 'captcha' && p.enabled);
}

export const isPluginSlug = (slug: string): slug is PluginSlug => BUILTIN_PLUGINS.some((p) => p.slug_name === slug);

/**
 * Switches one plugin. The row is locked while it is read and written, so two administrators
 * switching different plugins at once both take effect. Installs seed the row (config id 118).
 */
export async function setPluginEnabled(db: Db, slug: PluginSlug, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('config').select('value').where('key', '=', KEY);
    if (dialectOf(trx) !== 'sqlite3') read = read.forUpdate();
    const row = await read.executeTakeFirst();
    const status = { ...parseStatus(row?.value), [slug]: enabled };
    if (row) await trx.updateTable('config').set({ value: JSON.stringify(status) }).where('key', '=', KEY).execute();
    else await trx.insertInto('config').values({ id: PLUGIN_STATUS_ID, key: KEY, value: JSON.stringify(status) }).execute();
  });
}
