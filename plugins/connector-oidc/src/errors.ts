/**
 * A refused sign-in. Its message is short and holds no code, token, claim or secret: it is what
 * the plugin logs and what the host may log after catching it.
 */
export class SignInError extends Error {
  constructor(readonly reason: string) {
    super(`oidc: sign-in refused: ${reason}`);
    this.name = 'SignInError';
  }
}

const MAX_REASON = 240;
// Error codes of OAuth (invalid_grant) and openid-client (OAUTH_JWT_CLAIM_COMPARISON_FAILED): safe to log.
const CODE = /^[A-Za-z0-9_.-]{1,80}$/;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  error?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** A message without anything that looks like a query string or a JWT (which a code or token would be). */
const safeMessage = (value: unknown): string | undefined => (typeof value === 'string' && value && !/[=&]|eyJ/.test(value) ? value.replace(/\s+/g, ' ') : undefined);

/**
 * One line about why a sign-in failed, for the log. openid-client's messages, and those of the
 * check it wraps as `cause`, are fixed texts; the values compared (claims, the expected nonce)
 * travel one level further down and are never read here. A provider's `error` code is kept only
 * when it looks like a code, and its free-text description is never used.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof SignInError) return error.reason;
  const e: ErrorLike = typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
  const parts: string[] = [];
  if (typeof e.name === 'string' && CODE.test(e.name) && e.name !== 'Error') parts.push(e.name);
  if (typeof e.code === 'string' && CODE.test(e.code)) parts.push(e.code);
  if (typeof e.error === 'string' && CODE.test(e.error)) parts.push(`provider error ${e.error}`);
  if (e.name === 'TimeoutError' || e.name === 'AbortError') parts.push('no answer in time');
  else {
    const message = safeMessage(e.message);
    if (message) parts.push(message);
    // openid-client wraps the specific check that failed ("JWT signature verification failed").
    const cause = typeof e.cause === 'object' && e.cause !== null ? safeMessage((e.cause as ErrorLike).message) : undefined;
    if (cause && cause !== message) parts.push(cause);
  }
  const text = parts.join(': ') || 'unexpected error';
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text;
}
