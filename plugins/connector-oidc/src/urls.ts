/** Host names that never leave the machine: plain http is accepted there (tests, a provider on the same host). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const parse = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** Whether the address is plain http on this machine (openid-client refuses http unless told). */
export function isLoopbackHttp(value: string): boolean {
  const url = parse(value);
  return url?.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/**
 * An address the plugin may talk to: https, or http on the loopback interface only. Tokens and
 * client secrets cross these connections; plain http anywhere else would give them away.
 * Credentials in the address and fragments are refused (neither has a meaning for an endpoint).
 */
export function isProviderUrl(value: string, { query = true } = {}): boolean {
  const url = parse(value);
  if (!url || url.username || url.password || value.includes('#')) return false;
  if (!query && value.includes('?')) return false;
  return url.protocol === 'https:' || isLoopbackHttp(value);
}

/** The receiver URL with the provider's answer as its query, as openid-client reads a callback. */
export function callbackUrl(receiverUrl: string, query: Record<string, string>): URL {
  const url = new URL(receiverUrl);
  url.search = '';
  for (const [key, value] of Object.entries(query)) url.searchParams.append(key, value);
  return url;
}

/**
 * The redirect URI as it is sent: normalised by URL (as openid-client does on the callback), so the
 * authorisation request and the token request carry the very same string.
 */
export const redirectUri = (receiverUrl: string): string => {
  const url = new URL(receiverUrl);
  url.search = '';
  url.hash = '';
  return url.href;
};
