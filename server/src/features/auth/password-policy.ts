import { FieldErrors } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';

/**
 * The site's password minimum (security group, at least the contract's LIMITS.passwordMin, which
 * the schemas already enforce). Read per request, so an administrator's change applies at once.
 */
export const passwordTooShort = (settings: SiteSettings, password: string) => password.length < settings.security.password_min_length;

/** Refuses a new password shorter than the site's minimum: 400 on `field`, reason error.password.length. */
export async function checkPasswordLength(runtime: Runtime, password: string, field: string): Promise<void> {
  if (passwordTooShort(await loadSiteSettings(runtime), password)) throw new FieldErrors([{ field, reason: 'error.password.length' }]);
}
