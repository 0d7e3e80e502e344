const MAX_DETAIL = 300;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

/**
 * One line about a failed S3 call for the admin and the log: the service's error code, the HTTP
 * status and its message (e.g. `NoSuchBucket (HTTP 404): The specified bucket does not exist`), or
 * the network error's code. S3 never returns the secret key, but an error built by a proxy or a
 * future SDK might quote the request, so the secret is blanked out wherever it appears.
 */
export function describeError(error: unknown, secret: string): string {
  const e: ErrorLike = typeof error === 'object' && error !== null ? (error as ErrorLike) : { message: String(error) };
  const name = typeof e.name === 'string' && e.name !== 'Error' ? e.name : '';
  const code = typeof e.code === 'string' && e.code !== name ? e.code : '';
  const status = typeof e.$metadata?.httpStatusCode === 'number' ? `HTTP ${e.$metadata.httpStatusCode}` : '';
  const message = typeof e.message === 'string' && e.message !== name ? e.message : '';
  const head = [name, code].filter(Boolean).join(' ');
  const label = status ? `${head || 'Error'} (${status})` : head;
  let text = [label, message].filter(Boolean).join(': ') || 'unknown error';
  if (secret) text = text.split(secret).join('***');
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
