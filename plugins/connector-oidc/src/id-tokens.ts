import { createHash } from 'node:crypto';
import type { PluginContext } from '@answer/plugin-sdk';

/** As long as the host's store keeps anything (30 days): a session rarely outlives it. */
const KEEP_SECONDS = 30 * 86400;

/** The store key of a person's ID token: a hash, so the store's keys do not list the provider's ids. */
const keyOf = (externalId: string): string => `id-token:${createHash('sha256').update(externalId).digest('base64url')}`;

/**
 * Keeps the ID token of a person's latest sign-in, for the `id_token_hint` of the provider's
 * logout (single sign-on only): with the hint the provider knows whose session to end and may end
 * it without asking. Only the latest is kept; a provider accepts an expired token as a hint.
 */
export async function keepIdToken(ctx: PluginContext, externalId: string, idToken: string): Promise<void> {
  await ctx.store.set(keyOf(externalId), idToken, KEEP_SECONDS);
}

export async function keptIdToken(ctx: PluginContext, externalId: string): Promise<string | undefined> {
  return ctx.store.get(keyOf(externalId));
}
