import type { LdapSettings } from './settings.js';
import { isLdapUrl } from './validation.js';

/**
 * Why the saved settings cannot reach a directory at all, or null. The form's validation refuses
 * such values, but a plugin enabled before its form was ever saved has only the defaults.
 */
export function checkUsable(settings: LdapSettings): { en_US: string; zh_CN: string } | null {
  if (!settings.url || !settings.bindDn || !settings.bindPassword || !settings.baseDn) {
    return {
      en_US: 'The directory is not set up yet: fill in and save the URL, bind DN, bind password and base DN first.',
      zh_CN: '尚未配置目录：请先填写并保存 URL、绑定 DN、绑定密码和基准 DN。',
    };
  }
  if (!isLdapUrl(settings.url)) return { en_US: 'The saved directory URL is not valid.', zh_CN: '已保存的目录 URL 无效。' };
  return null;
}
