/**
 * Time limits for calls to the bucket. The host gives a storage hook 10 s before it falls back to
 * local storage; a dead or silent endpoint must fail inside that, with an error that says so,
 * instead of leaving sockets hanging behind a call the host already gave up on.
 */

/** Opening the TCP (and TLS) connection: a reachable endpoint does this in well under a second. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** One attempt, request and response; images are at most a few megabytes. */
export const ATTEMPT_TIMEOUT_MS = 8_000;
/** One operation, retries included: just under the host's hook limit. */
export const OPERATION_TIMEOUT_MS = 9_000;
/** Two attempts: one retry covers a dropped keep-alive connection without doubling a real outage. */
export const MAX_ATTEMPTS = 2;
