import type { Runtime } from '../../runtime.js';
import { enabledWith } from '../plugin/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { type Limits, loadLimits, mergeLimits } from './limits.js';

const KEY = 'answer:throttle-settings';
/**
 * How long the limits of the old config row are kept in process. Every throttled request needs
 * them (search on every keystroke-driven query), so they are not read from the database each time;
 * a limit edited in that row applies within this time. The security group (captcha switch, limits)
 * comes from the cached site settings, which a save drops at once.
 */
const KEEP_SECONDS = 10;

export interface ThrottleSettings {
  limits: Limits;
  captchaOn: boolean;
}

async function configRowLimits(runtime: Runtime): Promise<Limits> {
  const cached = await runtime.cache.get<Limits>(KEY);
  if (cached) return cached;
  const limits = await loadLimits(runtime.database);
  await runtime.cache.set(KEY, limits, KEEP_SECONDS);
  return limits;
}

/** The captcha switch and the limits: the security group's over the config row's over the defaults. */
export async function throttleSettings(runtime: Runtime): Promise<ThrottleSettings> {
  const { security } = await loadSiteSettings(runtime);
  // On while any captcha plugin is enabled: the built-in one (the security group's switch) or another.
  const captchaOn = security.captcha_enabled || (await enabledWith(runtime, 'captcha')).length > 0;
  return { limits: mergeLimits(await configRowLimits(runtime), security.limits), captchaOn };
}

/** After the config row's limits changed: the next request reads them again. */
export const forgetThrottleSettings = (runtime: Runtime) => runtime.invalidate(KEY);
