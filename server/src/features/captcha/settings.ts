import type { Runtime } from '../../runtime.js';
import { type Limits, loadLimits } from './limits.js';
import { captchaEnabled } from './plugin.js';

const KEY = 'answer:throttle-settings';
/**
 * How long the limits and the captcha switch are kept in process. Every throttled request needs
 * them (search on every keystroke-driven query), so they are not read from the database each time;
 * the admin's switch forgets them at once, a limit edited in the database applies within this time.
 */
const KEEP_SECONDS = 10;

export interface ThrottleSettings {
  limits: Limits;
  captchaOn: boolean;
}

export async function throttleSettings(runtime: Runtime): Promise<ThrottleSettings> {
  const cached = await runtime.cache.get<ThrottleSettings>(KEY);
  if (cached) return cached;
  const db = runtime.database;
  const settings = { limits: await loadLimits(db), captchaOn: await captchaEnabled(db) };
  await runtime.cache.set(KEY, settings, KEEP_SECONDS);
  return settings;
}

/** After the limits or the plugin switch changed: the next request reads them again. */
export const forgetThrottleSettings = (runtime: Runtime) => runtime.invalidate(KEY);
