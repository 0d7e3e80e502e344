import { S3Client } from '@aws-sdk/client-s3';
import { clientFingerprint, type S3Settings } from './settings.js';
import { ATTEMPT_TIMEOUT_MS, CONNECT_TIMEOUT_MS, MAX_ATTEMPTS } from './timeouts.js';
import { usesPathStyle } from './urls.js';

/** Calls still under way on a replaced client get this long before its sockets are closed. */
const RETIRE_AFTER_MS = 60_000;

function createClient(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint || undefined,
    forcePathStyle: usesPathStyle(settings),
    // No keys: the SDK's own chain (environment variables, an instance or task role) supplies them.
    credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    maxAttempts: MAX_ATTEMPTS,
    // Without these a dead endpoint holds the call open until the OS gives up (minutes).
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: ATTEMPT_TIMEOUT_MS, throwOnRequestTimeout: true },
    // The SDK now adds CRC checksums to every request by default; several S3-compatible services
    // (older MinIO, some gateways) refuse those, and S3 itself needs them only where it says so.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

let current: { fingerprint: string; client: S3Client } | undefined;

/**
 * The client for the saved settings, made on first use and again whenever the admin saves settings
 * that change it. The host builds a fresh context for every hook call, so the plugin compares the
 * settings each time rather than relying on `setup`.
 */
export function clientFor(settings: S3Settings): S3Client {
  const fingerprint = clientFingerprint(settings);
  if (current?.fingerprint === fingerprint) return current.client;
  const retired = current?.client;
  if (retired) setTimeout(() => retired.destroy(), RETIRE_AFTER_MS).unref();
  current = { fingerprint, client: createClient(settings) };
  return current.client;
}
