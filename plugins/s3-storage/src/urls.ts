import { isIP } from 'node:net';
import type { S3Settings } from './settings.js';

export const SLUG = 's3_storage';
/** Where the host mounts a plugin's public routes (SDK PluginRoutes). */
const PUBLIC_ROUTES = `/answer/api/v1/plugin/${SLUG}`;
/** The public route that redirects to a signed URL; `*` is the key. */
export const FILE_ROUTE_PREFIX = '/file/';

// Keys and prefixes hold only URL-safe characters (keys.ts); encoding each segment anyway keeps a
// URL valid should that rule ever widen.
const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/**
 * Whether the bucket is addressed as `endpoint/bucket/key` rather than `bucket.endpoint/key`: when the
 * admin asks for it, and whenever a bucket host name cannot work (an IP address or localhost as the
 * endpoint, or a bucket with dots, which breaks the TLS certificate's wildcard). The client and the
 * public URLs both follow this, so they always name the same place.
 */
export function usesPathStyle(settings: S3Settings): boolean {
  if (settings.pathStyle || settings.bucket.includes('.')) return true;
  if (!settings.endpoint) return false;
  const host = new URL(settings.endpoint).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || isIP(host) !== 0;
}

/** Amazon S3's own address for the region (China's regions live under their own domain). */
function awsEndpoint(region: string): string {
  return `https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

/** The object's public address: the configured public base URL, else the S3 endpoint's. */
export function publicUrl(settings: S3Settings, objectKey: string): string {
  const path = encodePath(objectKey);
  if (settings.publicBaseUrl) return `${settings.publicBaseUrl}/${path}`;
  const endpoint = new URL(settings.endpoint || awsEndpoint(settings.region));
  const base = endpoint.pathname.replace(/\/+$/, '');
  if (usesPathStyle(settings)) return `${endpoint.origin}${base}/${settings.bucket}/${path}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${path}`;
}

/**
 * The stable address stored for a file in signed mode: this site's public route, which answers with
 * a fresh presigned URL on every visit. With no site URL set the path stays root-relative, which a
 * browser on the site still resolves.
 */
export function signedRouteUrl(siteUrl: string, key: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${PUBLIC_ROUTES}${FILE_ROUTE_PREFIX}${encodePath(key)}`;
}
