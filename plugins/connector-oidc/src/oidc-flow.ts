import type { ExternalUser } from '@answer/plugin-sdk';
import * as client from 'openid-client';
import { configurationFor } from './discovery.js';
import { SignInError } from './errors.js';
import { toExternalUser } from './external-user.js';
import { type FlowState, newFlowState, pkceChallenge, randomToken, toRecord } from './flow-state.js';
import type { Settings } from './settings.js';
import { callbackUrl, redirectUri } from './urls.js';

/** OpenID Connect: the authorisation request with PKCE (S256), state and nonce. */
export async function startOidc(settings: Settings, receiverUrl: string): Promise<{ redirectUrl: string; state: Record<string, string> }> {
  const config = await configurationFor(settings);
  const flow = newFlowState(settings, { nonce: randomToken(), verifier: randomToken() });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(receiverUrl),
    scope: settings.scopes,
    state: flow.state,
    nonce: flow.nonce!,
    code_challenge: pkceChallenge(flow.verifier!),
    code_challenge_method: 'S256',
  });
  return { redirectUrl: url.href, state: toRecord(flow) };
}

/**
 * The callback: openid-client checks the authorisation response (state, the `iss` parameter where
 * the provider sends one, error answers), redeems the code with the PKCE verifier, and checks the
 * ID token: signature against the provider's key set, issuer, audience, expiry and nonce. Claims
 * from the user-info endpoint, when used, must be about the same subject and override the ID
 * token's (providers often send only a few claims in the token).
 */
export async function finishOidc(
  settings: Settings,
  receiverUrl: string,
  query: Record<string, string>,
  flow: FlowState,
  /** Given the checked ID token (compact form) with the person, when the caller keeps it (single sign-on's logout). */
  keepIdToken?: (user: ExternalUser, idToken: string) => Promise<void>,
): Promise<ExternalUser> {
  if (!flow.nonce || !flow.verifier) throw new SignInError('the stored sign-in lacks its nonce or verifier');
  const config = await configurationFor(settings);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl(receiverUrl, query), {
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    pkceCodeVerifier: flow.verifier,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new SignInError('the provider sent no ID token');
  let claims: Record<string, unknown> = { ...idToken };
  if (settings.useUserinfo && config.serverMetadata().userinfo_endpoint) {
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...claims, ...userinfo, sub: idToken.sub };
  }
  const user = toExternalUser(claims, settings.claims, settings.issuer);
  if (keepIdToken && tokens.id_token) await keepIdToken(user, tokens.id_token);
  return user;
}
