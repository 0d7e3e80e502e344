import * as client from 'openid-client';
import { providerFetch } from './http.js';
import { type Settings, discoveryKey } from './settings.js';
import { DISCOVERY_TTL_MS, REQUEST_TIMEOUT_SECONDS } from './timeouts.js';
import { isLoopbackHttp } from './urls.js';

/**
 * Client authentication as the provider's metadata allows: client_secret_basic, which every
 * provider must accept (RFC 6749 2.3.1) and the OIDC default when none is listed, unless the list
 * names only client_secret_post.
 */
function secretAuth(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const postOnly = Array.isArray(methods) && methods.includes('client_secret_post') && !methods.includes('client_secret_basic');
    (postOnly ? post : basic)(as, metadata, body, headers);
  };
}

async function discover(settings: Settings): Promise<client.Configuration> {
  const execute: ((config: client.Configuration) => void)[] = [
    // openid-client trusts TLS for a token endpoint's ID token and skips its signature by default;
    // this checks it against the provider's key set too, so a token is only what the provider signed.
    client.enableNonRepudiationChecks,
  ];
  // Plain http only for a provider on this machine (validation refuses it anywhere else).
  if (isLoopbackHttp(settings.issuer)) execute.push(client.allowInsecureRequests);
  return client.discovery(new URL(settings.issuer), settings.clientId, undefined, secretAuth(settings.clientSecret), {
    execute,
    timeout: REQUEST_TIMEOUT_SECONDS,
    [client.customFetch]: providerFetch as client.CustomFetch,
  });
}

let cached: { key: string; expires: number; config: Promise<client.Configuration> } | undefined;

/**
 * The provider's configuration, discovered once an hour and shared by every sign-in (openid-client
 * keeps the provider's key set in it and fetches it again for an unknown key id). Saving other
 * settings starts afresh; a failed discovery is not kept, so the next sign-in tries again.
 */
export function configurationFor(settings: Settings): Promise<client.Configuration> {
  const key = discoveryKey(settings);
  if (cached && cached.key === key && cached.expires > Date.now()) return cached.config;
  const config = discover(settings);
  const entry = { key, expires: Date.now() + DISCOVERY_TTL_MS, config };
  cached = entry;
  config.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return config;
}

/** For tests: forget the discovered provider. */
export function forgetDiscovery(): void {
  cached = undefined;
}
