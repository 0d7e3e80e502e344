import type { S3Settings } from './settings.js';

/**
 * The keys this plugin accepts, from the host and in the signed-file route alike: path segments of
 * letters, digits, '.', '_' and '-', each starting with a letter or digit, e.g.
 * `post/3f2a9c0b7d1e4f6a8b2c4d6e8f0a1b3c.webp`. A segment can then never be '.' or '..', and no
 * character needs escaping in a URL, a header or the signature's canonical request.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const PREFIX = new RegExp(`^(?:${SEGMENT}/)*$`);

/** S3 allows 1024 bytes; the prefix shares them, and the host's names are far shorter. */
export const MAX_KEY_LENGTH = 512;
export const MAX_PREFIX_LENGTH = 256;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key) && !key.includes('..');
}

/** A normalised prefix ('' or segments each followed by '/'). */
export function isValidPrefix(prefix: string): boolean {
  return prefix.length <= MAX_PREFIX_LENGTH && PREFIX.test(prefix) && !prefix.includes('..');
}

export function assertValidKey(key: string): void {
  // The key is echoed only when it is short and printable enough to help someone reading a log.
  if (!isValidKey(key)) throw new Error(`s3_storage: refusing the key ${JSON.stringify(key.slice(0, 80))}: only letters, digits, '.', '_', '-' and '/' between them`);
}

/** The object's name in the bucket. */
export const objectKey = (settings: S3Settings, key: string): string => settings.prefix + key;
