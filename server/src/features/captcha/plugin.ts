import type { Db } from '../../db/connect.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings, saveSiteGroup } from '../siteinfo/service.js';

/**
 * The built-in captcha presents itself as upstream's captcha plugin does, so a 1.4.0 client that
 * shows captchas only through an enabled captcha plugin (GET /plugin/status) finds one. An
 * administrator switches it with PUT /answer/admin/api/plugin/status, as for any plugin, or with
 * `captcha_enabled` of the security settings group: that field is the one stored switch, so either
 * way shows in the other. When it is off, no captcha is asked and only the hard limits apply.
 */
export const BUILTIN_PLUGINS = [
  {
    slug_name: 'basic_captcha',
    name: 'Captcha',
    description: 'Built-in image captcha, asked after repeated or rapid attempts.',
    version: 'built-in',
    link: '',
    type: 'captcha',
  },
] as const;

export type PluginSlug = (typeof BUILTIN_PLUGINS)[number]['slug_name'];

/** Every built-in plugin with its current state. */
export async function pluginStatus(runtime: Runtime) {
  const { security } = await loadSiteSettings(runtime);
  return BUILTIN_PLUGINS.map((p) => ({ ...p, enabled: security.captcha_enabled }));
}

export const isPluginSlug = (slug: string): slug is PluginSlug => BUILTIN_PLUGINS.some((p) => p.slug_name === slug);

/** Switches the captcha (the only built-in plugin): the security group is saved with only `captcha_enabled` changed. */
export async function setCaptchaEnabled(runtime: Runtime, enabled: boolean): Promise<void> {
  const { security } = await loadSiteSettings(runtime);
  await saveSiteGroup(runtime, 'security', { ...security, captcha_enabled: enabled });
}

/**
 * Before the security group, the switch was upstream's config row `plugin.status` (a JSON map
 * slug -> enabled, seeded `{}` as config id 118). A site without a saved security group keeps
 * what it chose there; on by default.
 */
export async function legacyCaptchaSwitch(db: Db): Promise<boolean> {
  const row = await db.selectFrom('config').select('value').where('key', '=', 'plugin.status').executeTakeFirst();
  try {
    const stored = row ? (JSON.parse(row.value) as Record<string, unknown> | null) : null;
    return stored?.basic_captcha !== false;
  } catch {
    return true;
  }
}
