import type { ApiKeyScope } from '@answer/contract';

/** The expiry choices of a new key: never, or that many days from now. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** `expires_at` (Unix seconds, 0 for never) of a key created at `nowSeconds` with `choice`. */
export function expiresAt(choice: string, nowSeconds: number): number {
  const days = choice === 'never' ? 0 : Number(choice);
  return Number.isInteger(days) && days > 0 ? nowSeconds + days * 86_400 : 0;
}

/** The scopes a key of this ring may have: `admin` only for site keys. */
export const scopesOf = (site: boolean): ApiKeyScope[] => (site ? ['read', 'write', 'admin'] : ['read', 'write']);

/** Whether a key with this `expires_at` no longer works. */
export const isExpired = (expires: number, nowSeconds: number) => expires > 0 && expires <= nowSeconds;

export const nowSeconds = () => Math.floor(Date.now() / 1000);
