import type { VerifiedEmail } from './external-user.js';

const MAX_ENTRIES = 100;

/**
 * The primary address from GitHub's list of a person's addresses (`GET /user/emails`:
 * `[{ email, primary, verified, visibility }]`), verified only when GitHub says so. The profile's
 * own `email` is whatever the person chose to show publicly and says nothing about verification.
 */
export function primaryEmail(list: unknown): VerifiedEmail | undefined {
  if (!Array.isArray(list)) return undefined;
  for (const entry of list.slice(0, MAX_ENTRIES)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { email, primary, verified } = entry as Record<string, unknown>;
    if (primary === true && typeof email === 'string') return { email, verified: verified === true };
  }
  return undefined;
}
