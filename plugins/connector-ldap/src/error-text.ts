import { ResultCodeError } from 'ldapts';

const MAX_DETAIL = 300;

/** Where a talk with the directory failed: what an admin fixes differs for each. */
export type Step = 'connect' | 'tls' | 'bind' | 'search';

/** A directory that could not be used, with a one-line `detail` safe to show an admin. */
export class LdapError extends Error {
  constructor(
    readonly step: Step,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`ldap: ${step} failed: ${detail}`, options);
  }
}

// OpenSSL's verification codes and Node's own TLS errors: a certificate problem, not a network one.
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|HOSTNAME|ALTNAME|EPROTO/i;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
}

/** The step a failure belongs to: LDAP result codes to the operation, the rest to TLS or the network. */
export function stepOf(error: unknown, operation: Step): Step {
  if (error instanceof ResultCodeError) return operation;
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (TLS_CODE.test(code) || /certificate|tls|ssl/i.test(message)) return 'tls';
  if (/Operation timed out/.test(message)) return operation;
  return 'connect';
}

/**
 * One line about a failure for the admin and the log: the LDAP result (`InvalidCredentialsError
 * (LDAP 49): ...`) or the network or TLS error's code and message. Directories never send a
 * password back, but every secret given is blanked out wherever it appears all the same.
 */
export function describeError(error: unknown, secrets: string[] = []): string {
  const e: ErrorLike = typeof error === 'object' && error !== null ? (error as ErrorLike) : { message: String(error) };
  let text: string;
  if (error instanceof ResultCodeError) {
    // ldapts ends its messages with " Code: 0x31"; the number goes in front instead.
    const message = String(e.message ?? '').replace(/\s*Code: 0x[0-9a-f]+$/i, '');
    text = `${error.name} (LDAP ${error.code})${message ? `: ${message}` : ''}`;
  } else {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message.replace(/\s+/g, ' ').trim() : '';
    text = [code && !message.includes(code) ? code : '', message].filter(Boolean).join(': ') || 'unknown error';
  }
  for (const secret of secrets) if (secret) text = text.split(secret).join('***');
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
