import type { UrlMode } from './settings.js';

const YEAR_SECONDS = 365 * 24 * 3600;
const HOUR_SECONDS = 3600;

// The host names uploads with a long random token (32 hex digits today; UUIDs count too once their
// dashes are dropped), so the bytes under such a key never change and caches may keep them a year.
const RANDOM_TOKEN = /[0-9a-f]{16,}/i;

export function isImmutableKey(key: string): boolean {
  const name = key.slice(key.lastIndexOf('/') + 1).replace(/-/g, '');
  return RANDOM_TOKEN.test(name);
}

/**
 * Cache-Control stored with the object. In signed mode the files are meant for visitors the site lets
 * in (a private site), so shared caches such as CDNs must not keep them: `private`.
 */
export function cacheControl(key: string, mode: UrlMode): string {
  const scope = mode === 'signed' ? 'private' : 'public';
  return isImmutableKey(key) ? `${scope}, max-age=${YEAR_SECONDS}, immutable` : `${scope}, max-age=${HOUR_SECONDS}`;
}

// The types the host's upload service writes; a browser may show them inline.
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * Content-Type and Content-Disposition for the object. The bucket serves files on its own, without
 * the site's protective headers, so anything but the verified image types is sent as a download:
 * an HTML or SVG file there could otherwise run script on the bucket's origin.
 */
export function contentHeaders(mime: string): { contentType: string; contentDisposition?: string } {
  const type = mime.trim().toLowerCase();
  if (INLINE_TYPES.has(type)) return { contentType: type };
  return { contentType: MIME.test(type) ? type : 'application/octet-stream', contentDisposition: 'attachment' };
}
