/** Host names that never leave the machine: plain http is accepted there (tests, an IdP on the same host). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An address the metadata may be fetched from: https, or http on the loopback interface only. The
 * metadata carries the certificate every assertion is checked against; over plain http anyone on
 * the path could swap in their own and sign assertions for anyone. An IdP reachable only by http
 * can have its metadata pasted instead. Credentials and fragments have no meaning here.
 */
export function isMetadataUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || value.includes('#')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}
