import { createHash } from 'node:crypto';
import type { PluginContext } from '@answer/plugin-sdk';
import type { VerifiedAssertion } from './assertion.js';
import { SignInError } from './errors.js';
import { FLOW_SECONDS } from './limits.js';

/**
 * Longest an assertion is remembered, whatever its NotOnOrAfter says: it must answer a request at
 * most FLOW_SECONDS old (checkFlow, node-saml's request expiry), so later it is refused anyway.
 */
const MAX_REMEMBER_SECONDS = FLOW_SECONDS * 2;

/**
 * Refuses an assertion already accepted once, on any instance: its issuer and ID are marked with
 * an atomic set-if-absent (two posts of the same assertion racing each other: exactly one wins)
 * and remembered until it expires. The marker is a hash, so the store holds nothing of the
 * assertion. Each response must also answer this browser's own single-use request, so a replay
 * normally fails earlier; this holds even where it would not.
 */
export async function useAssertionOnce(ctx: PluginContext, assertion: VerifiedAssertion, now = Date.now()): Promise<void> {
  const key = `assertion:${createHash('sha256').update(JSON.stringify([assertion.issuer, assertion.id])).digest('base64url')}`;
  const seconds = Math.min(Math.max(Math.ceil((assertion.expires - now) / 1000), 1), MAX_REMEMBER_SECONDS);
  if (!(await ctx.store.add(key, '1', seconds))) throw new SignInError('this assertion was already used');
}
