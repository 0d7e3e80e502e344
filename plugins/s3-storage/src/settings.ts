import { createHash } from 'node:crypto';
import type { ConfigValues } from '@answer/plugin-sdk';

export type UrlMode = 'public' | 'signed';

/** The admin's saved form, read into the types the plugin works with. */
export interface S3Settings {
  /** The S3 API's address without a trailing slash; '' means Amazon S3. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  /** '' or a folder ending in '/', put in front of every key. */
  prefix: string;
  urlMode: UrlMode;
  /** Without a trailing slash; '' means the endpoint's own address. */
  publicBaseUrl: string;
  signedMinutes: number;
}

// Form field names, shared by the form, the validation and this reader.
export const FIELD = {
  endpoint: 'endpoint',
  region: 'region',
  bucket: 'bucket',
  accessKeyId: 'access_key_id',
  secretAccessKey: 'secret_access_key',
  pathStyle: 'path_style',
  prefix: 'key_prefix',
  urlMode: 'url_mode',
  publicBaseUrl: 'public_base_url',
  signedMinutes: 'signed_url_minutes',
  testConnection: 'test_connection',
} as const;

/** MinIO and most self-hosted services accept it; Amazon S3 needs the bucket's real region. */
export const DEFAULT_REGION = 'us-east-1';
export const DEFAULT_SIGNED_MINUTES = 60;
export const MIN_SIGNED_MINUTES = 1;
/** Signature V4 presigned URLs live at most seven days. */
export const MAX_SIGNED_MINUTES = 7 * 24 * 60;

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

// A switch may arrive as a boolean or, from a form post, as text.
const flag = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';

const withoutTrailingSlashes = (value: string): string => value.replace(/\/+$/, '');

/** 'a/b/' from 'a/b', '/a/b/' or 'a/b/'; '' stays ''. */
export function normalizePrefix(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

export function readSettings(values: ConfigValues): S3Settings {
  const minutes = Number(values[FIELD.signedMinutes]);
  return {
    endpoint: withoutTrailingSlashes(text(values[FIELD.endpoint])),
    region: text(values[FIELD.region]) || DEFAULT_REGION,
    bucket: text(values[FIELD.bucket]),
    accessKeyId: text(values[FIELD.accessKeyId]),
    // Keys never contain spaces: trimming only undoes a stray one picked up while copying.
    secretAccessKey: text(values[FIELD.secretAccessKey]),
    pathStyle: flag(values[FIELD.pathStyle]),
    prefix: normalizePrefix(text(values[FIELD.prefix])),
    urlMode: values[FIELD.urlMode] === 'signed' ? 'signed' : 'public',
    publicBaseUrl: withoutTrailingSlashes(text(values[FIELD.publicBaseUrl])),
    signedMinutes:
      Number.isFinite(minutes) && minutes >= MIN_SIGNED_MINUTES ? Math.min(Math.floor(minutes), MAX_SIGNED_MINUTES) : DEFAULT_SIGNED_MINUTES,
  };
}

/**
 * What the S3 client is built from, hashed: a saved form that changes any of it needs a new client.
 * Hashed so the secret is not kept around in a second readable copy.
 */
export function clientFingerprint(settings: S3Settings): string {
  const parts = [settings.endpoint, settings.region, settings.pathStyle, settings.accessKeyId, settings.secretAccessKey];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
