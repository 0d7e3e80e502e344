import { LIMITS, type SiteInfo } from '@answer/contract';

/** The site's shortest password (admin security group); the contract's minimum until site info has loaded. */
export const passwordMinLength = (site: SiteInfo | null | undefined): number => site?.site_security.password_min_length ?? LIMITS.passwordMin;

/**
 * The translation key when a new password is shorter than the site asks (the contract schema has
 * already checked its own 8 to 32 and the spaces); undefined when it is long enough.
 */
export const passwordLengthProblem = (pass: string, min: number): string | undefined => (pass.length < min ? 'account.form.password_too_short' : undefined);
