import type { AnswerPlugin } from '@answer/plugin-sdk';
import type { Db } from '../../db/connect.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings, saveSiteGroup } from '../siteinfo/service.js';
import { randomCode, renderCaptcha } from './image.js';

/**
 * The built-in captcha, behind the captcha plugin interface like any captcha plugin. It presents
 * itself as upstream's captcha plugin does, so a 1.4.0 client that shows captchas only through an
 * enabled captcha plugin (GET /plugin/status) finds one. An administrator switches it with PUT
 * /answer/admin/api/plugin/status, as any plugin, or with `captcha_enabled` of the security
 * settings group: that field is its one stored switch, so either way shows in the other. Another
 * captcha plugin enabled switches it off (only one captcha at a time).
 */
export const BUILTIN_CAPTCHA: AnswerPlugin = {
  info: {
    slug_name: 'basic_captcha',
    name: { en_US: 'Captcha', zh_CN: '验证码' },
    description: { en_US: 'Built-in image captcha, asked after repeated or rapid attempts.', zh_CN: '内置图片验证码，在重复或过快的操作后要求输入。' },
    version: 'built-in',
    author: 'Answer team',
  },
  captcha: {
    async create() {
      const code = randomCode();
      return { image: `data:image/png;base64,${(await renderCaptcha(code)).toString('base64')}`, code };
    },
    async verify(code, input) {
      return code.toUpperCase() === input.trim().toUpperCase();
    },
  },
};

export async function captchaEnabled(runtime: Runtime): Promise<boolean> {
  return (await loadSiteSettings(runtime)).security.captcha_enabled;
}

/** Switches the built-in captcha: the security group is saved with only `captcha_enabled` changed. */
export async function setCaptchaEnabled(runtime: Runtime, enabled: boolean): Promise<void> {
  const { security } = await loadSiteSettings(runtime);
  if (security.captcha_enabled === enabled) return;
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
