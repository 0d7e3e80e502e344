/**
 * Time limits for talking to the directory. The host gives `connector.login` 10 s before it gives
 * up (and the person waits at the login form all that time): a dead or silent directory must fail
 * well inside that, with an error that says so, and never leave a socket open behind it.
 */

/** Opening the TCP (and, for ldaps://, TLS) connection: a reachable directory does this in milliseconds. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** One LDAP operation (bind, search, StartTLS) once connected. */
export const OPERATION_TIMEOUT_MS = 5_000;
/** A whole sign-in or connection test, every step included: just under the host's hook limit. */
export const OVERALL_TIMEOUT_MS = 9_000;
