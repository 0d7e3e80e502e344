/**
 * The site URL as links are built from it (domain.md 13.1): `scheme://host[/path]`, no query,
 * fragment or trailing slash, since pages append `/questions/...` to it. Only http and https make
 * sense for a site; anything else (or no URL at all) gives null.
 */
export function parseSiteUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
