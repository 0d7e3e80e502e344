import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { clientFor } from './client.js';
import { describeError } from './error-text.js';
import type { S3Settings } from './settings.js';
import { OPERATION_TIMEOUT_MS } from './timeouts.js';

/** A failed call to the bucket, with a one-line `detail` safe to show an admin. */
export class BucketError extends Error {
  constructor(
    readonly operation: string,
    readonly detail: string,
  ) {
    super(`s3_storage: ${operation} failed: ${detail}`);
  }
}

/**
 * Runs one S3 operation under the overall deadline (timeouts.ts): retries included, it either
 * answers or fails with a BucketError before the host's own hook limit.
 */
async function run<T>(operation: string, settings: S3Settings, call: (client: S3Client, abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const abortSignal = AbortSignal.timeout(OPERATION_TIMEOUT_MS);
  try {
    return await call(clientFor(settings), abortSignal);
  } catch (error) {
    const detail = abortSignal.aborted ? `no answer from the bucket within ${OPERATION_TIMEOUT_MS / 1000} s` : describeError(error, settings.secretAccessKey);
    throw new BucketError(operation, detail);
  }
}

export interface PutInput {
  key: string;
  body: Uint8Array;
  contentType: string;
  contentDisposition?: string;
  cacheControl: string;
}

export function putObject(settings: S3Settings, input: PutInput): Promise<void> {
  const command = new PutObjectCommand({
    Bucket: settings.bucket,
    Key: input.key,
    Body: input.body,
    ContentType: input.contentType,
    ContentDisposition: input.contentDisposition,
    CacheControl: input.cacheControl,
  });
  return run('upload', settings, async (client, abortSignal) => {
    await client.send(command, { abortSignal });
  });
}

export function getObjectBytes(settings: S3Settings, key: string): Promise<Uint8Array> {
  return run('download', settings, async (client, abortSignal) => {
    const reply = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }), { abortSignal });
    if (!reply.Body) throw new Error('empty reply');
    return reply.Body.transformToByteArray();
  });
}

/** Deleting a key that is not there succeeds too (S3 answers 204 either way). */
export function deleteObject(settings: S3Settings, key: string): Promise<void> {
  return run('delete', settings, async (client, abortSignal) => {
    await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }), { abortSignal });
  });
}

/**
 * A GET URL for the object, signed for the configured lifetime. Signing happens here, with no call
 * to the bucket: a missing object shows as the bucket's own 404 when the URL is followed.
 */
export function presignedGetUrl(settings: S3Settings, key: string): Promise<string> {
  return run('signing', settings, (client) =>
    getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: key }), { expiresIn: settings.signedMinutes * 60 }),
  );
}
