import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PluginContext } from '@answer/plugin-sdk';
import { SignInError } from './errors.js';
import type { Mode } from './presets.js';
import { type Settings, providerBinding } from './settings.js';
import { FLOW_SECONDS } from './timeouts.js';

/**
 * What the sender keeps for the receiver, in the state record the host holds server-side: the
 * `state` parameter, the OIDC nonce and the PKCE verifier (which must never reach the browser:
 * with it, a stolen code could be redeemed), plus when and against which provider it started.
 */
export interface FlowState {
  mode: Mode;
  state: string;
  nonce?: string;
  verifier?: string;
  /** Milliseconds since 1970, as text (the record holds strings only). */
  started: string;
  binding: string;
}

/** 32 random bytes, base64url: the state, the nonce and the PKCE verifier (RFC 7636 asks for 32 bytes). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** The S256 PKCE challenge of a verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export function newFlowState(settings: Settings, extra: { nonce?: string; verifier?: string }): FlowState {
  return { mode: settings.mode, state: randomToken(), ...extra, started: String(Date.now()), binding: providerBinding(settings) };
}

export function toRecord(flow: FlowState): Record<string, string> {
  const record: Record<string, string> = { mode: flow.mode, state: flow.state, started: flow.started, binding: flow.binding };
  if (flow.nonce) record.nonce = flow.nonce;
  if (flow.verifier) record.verifier = flow.verifier;
  return record;
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The stored flow, checked against the callback: it was started by this plugin with the current
 * provider, less than ten minutes ago, and the callback's `state` is the one sent (compared in
 * constant time). The host already keeps the record single-use and bound to the browser; these
 * checks hold even where a host does less.
 */
export function checkFlow(record: Record<string, string> | undefined, query: Record<string, string>, settings: Settings, now = Date.now()): FlowState {
  const state = record?.state;
  if (!record || !state || (record.mode !== 'oidc' && record.mode !== 'oauth2') || !record.binding || !record.started) {
    throw new SignInError('no sign-in under way for this browser');
  }
  if (record.mode !== settings.mode || record.binding !== providerBinding(settings)) throw new SignInError('the provider settings changed during the sign-in');
  const age = now - Number(record.started);
  if (!(age >= 0 && age <= FLOW_SECONDS * 1000)) throw new SignInError('the sign-in took too long');
  const returned = query.state;
  if (typeof returned !== 'string' || !sameText(returned, state)) throw new SignInError('the state parameter does not match');
  return { mode: record.mode, state, nonce: record.nonce, verifier: record.verifier, started: record.started, binding: record.binding };
}

/**
 * Marks the state as used in the plugin's store, refusing one already used: a callback replayed
 * against a host (or another instance) that failed to drop the record still gets nowhere. A
 * marker is a hash, so the store never holds the state itself.
 */
export async function useOnce(ctx: PluginContext, state: string): Promise<void> {
  const key = `used-state:${createHash('sha256').update(state).digest('base64url')}`;
  if (await ctx.store.get(key)) throw new SignInError('this sign-in was already used');
  await ctx.store.set(key, '1', FLOW_SECONDS);
}
