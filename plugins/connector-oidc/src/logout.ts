import type { PluginContext } from '@answer/plugin-sdk';
import * as client from 'openid-client';
import { configurationFor } from './discovery.js';
import { keptIdToken } from './id-tokens.js';
import type { Settings } from './settings.js';

/**
 * The provider's logout for a person (OpenID Connect RP-Initiated Logout 1.0): its
 * end_session_endpoint from the discovery document, with the ID token of their latest sign-in as
 * `id_token_hint` when it is kept, the client id, and the site's address to come back to (which the
 * provider only follows when it is registered for the client). Null when the provider has no such
 * endpoint (plain OAuth 2 has none): the site's own logout is then all there is.
 */
export async function providerLogoutUrl(settings: Settings, ctx: PluginContext, externalId: string, postLogoutRedirectUrl: string): Promise<string | null> {
  if (settings.mode !== 'oidc' || !settings.providerLogout) return null;
  const config = await configurationFor(settings);
  if (!config.serverMetadata().end_session_endpoint) return null;
  const parameters: Record<string, string> = { client_id: settings.clientId, post_logout_redirect_uri: postLogoutRedirectUrl };
  const hint = await keptIdToken(ctx, externalId);
  if (hint) parameters.id_token_hint = hint;
  return client.buildEndSessionUrl(config, parameters).href;
}
