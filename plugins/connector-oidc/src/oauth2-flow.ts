import type { ExternalUser } from '@answer/plugin-sdk';
import { SignInError } from './errors.js';
import { type VerifiedEmail, toExternalUser } from './external-user.js';
import { type FlowState, newFlowState, pkceChallenge, randomToken, toRecord } from './flow-state.js';
import { primaryEmail } from './github-emails.js';
import { getJson } from './http.js';
import { readPath } from './json-path.js';
import type { Settings } from './settings.js';
import { exchangeCode } from './token-request.js';
import { redirectUri } from './urls.js';

/** Sent as User-Agent: GitHub's API refuses requests without one. */
export const USER_AGENT = 'Answer-connector-oidc';
const MAX_CODE_LENGTH = 4096;

/** Plain OAuth 2: the authorisation request with state and, unless switched off, PKCE (S256). */
export function startOAuth2(settings: Settings, receiverUrl: string): { redirectUrl: string; state: Record<string, string> } {
  const flow = newFlowState(settings, settings.pkce ? { verifier: randomToken() } : {});
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri(receiverUrl));
  if (settings.scopes) url.searchParams.set('scope', settings.scopes);
  url.searchParams.set('state', flow.state);
  if (flow.verifier) {
    url.searchParams.set('code_challenge', pkceChallenge(flow.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return { redirectUrl: url.href, state: toRecord(flow) };
}

/**
 * The callback (its state already checked against the stored flow): the code is redeemed, the
 * user-info endpoint describes the person, and with an e-mail addresses endpoint (GitHub) the
 * address and whether it is verified come from there. OAuth 2 has no signed statement about the
 * person: what the user-info endpoint says over TLS, for this access token, is all there is.
 */
export async function finishOAuth2(settings: Settings, receiverUrl: string, query: Record<string, string>, flow: FlowState): Promise<ExternalUser> {
  if (query.error) throw new SignInError(`the provider answered ${/^[a-z_]{1,40}$/.test(query.error) ? query.error : 'an error'}`);
  const code = query.code;
  if (!code || code.length > MAX_CODE_LENGTH) throw new SignInError('the callback has no code');
  if (settings.pkce && !flow.verifier) throw new SignInError('the stored sign-in lacks its PKCE verifier');

  const accessToken = await exchangeCode(settings, { code, redirectUri: redirectUri(receiverUrl), verifier: flow.verifier });
  const auth = { authorization: `Bearer ${accessToken}`, 'user-agent': USER_AGENT };
  const profile = await getJson(settings.userinfoUrl, 'user-info endpoint', auth);
  if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) throw new SignInError('the user-info endpoint did not answer a JSON object');

  let email: VerifiedEmail | undefined;
  if (settings.emailsUrl) {
    const listed = await getJson(settings.emailsUrl, 'e-mail addresses endpoint', auth).then(primaryEmail, () => undefined);
    // Without the user:email scope (or on any failure there) the profile's own address is kept,
    // never as verified: only the list of addresses says whether one is.
    const own = readPath(profile, settings.claims.email);
    email = listed ?? (typeof own === 'string' ? { email: own, verified: false } : undefined);
  }
  return toExternalUser(profile, settings.claims, new URL(settings.authorizeUrl).origin, email);
}
