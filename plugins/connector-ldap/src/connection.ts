import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, type Entry, InvalidCredentialsError, type SearchOptions } from 'ldapts';
import { LdapError, type Step, describeError, stepOf } from './error-text.js';
import type { LdapSettings } from './settings.js';
import { CONNECT_TIMEOUT_MS, OPERATION_TIMEOUT_MS, OVERALL_TIMEOUT_MS } from './timeouts.js';

const isLdaps = (url: string): boolean => /^ldaps:/i.test(url);

/** How the directory's certificate is checked, for ldaps:// and StartTLS alike. */
export function tlsOptionsFor(settings: LdapSettings): ConnectionOptions {
  const host = new URL(settings.url).hostname.replace(/^\[|\]$/g, '');
  return {
    rejectUnauthorized: settings.verifyCertificate,
    // A PEM text may hold several certificates; given, it replaces the system's CAs.
    ca: settings.caPem || undefined,
    // StartTLS upgrades an open socket: without `host` Node would check the name "localhost".
    host,
    // SNI carries names only (Node warns about an IP address there).
    servername: isIP(host) ? undefined : host,
    minVersion: 'TLSv1.2',
  };
}

/**
 * One connection to the directory. Every call fails with an LdapError naming its step; a password
 * is never sent empty (an empty simple bind is an anonymous bind, which directories accept).
 */
export class Directory {
  /** The step under way, to name the one the overall deadline cut short. */
  step: Step = 'connect';
  private readonly client: Client;
  private readonly secrets: string[];

  constructor(private readonly settings: LdapSettings) {
    this.client = new Client({
      url: settings.url,
      connectTimeout: CONNECT_TIMEOUT_MS,
      timeout: OPERATION_TIMEOUT_MS,
      // Only for ldaps://: ldapts opens a TLS socket at once whenever TLS options are given, which
      // for ldap:// with StartTLS would speak TLS before the server expects it.
      tlsOptions: isLdaps(settings.url) ? tlsOptionsFor(settings) : undefined,
    });
    this.secrets = [settings.bindPassword];
  }

  /** Connects, and upgrades the connection when StartTLS is on; ldaps:// connects on the first bind. */
  async open(): Promise<void> {
    if (this.settings.startTls && !isLdaps(this.settings.url)) {
      await this.run('tls', () => this.client.startTLS(tlsOptionsFor(this.settings)));
    }
  }

  /** Binds as the service account; a refused one is the admin's to fix, so it throws (the only bind that does). */
  async bindService(): Promise<void> {
    const { bindDn, bindPassword } = this.settings;
    if (!bindPassword) throw new LdapError('bind', 'no service account password is set');
    const accepted = await this.bind(bindDn, bindPassword);
    if (!accepted) throw new LdapError('bind', 'wrong bind DN or password (LDAP 49, invalid credentials)');
  }

  /** Whether the directory accepts the password for the DN: false for wrong credentials, throws for the rest. */
  async bind(dn: string, password: string): Promise<boolean> {
    // Both must be there: an empty password (or DN) makes an anonymous or unauthenticated bind,
    // which directories "accept" without checking anything.
    if (!dn || !password) return false;
    try {
      await this.run('bind', () => this.client.bind(dn, password), [password]);
      return true;
    } catch (error) {
      if (error instanceof LdapError && error.cause instanceof InvalidCredentialsError) return false;
      throw error;
    }
  }

  async search(baseDn: string, options: SearchOptions): Promise<Entry[]> {
    const { searchEntries } = await this.run('search', () => this.client.search(baseDn, options));
    return searchEntries;
  }

  /** Unbinds and closes the socket; never throws (the answer is already decided). */
  async close(): Promise<void> {
    try {
      await this.client.unbind();
    } catch {
      // ldapts destroys the socket whatever the unbind's outcome.
    }
  }

  private async run<T>(step: Step, call: () => Promise<T>, extraSecrets: string[] = []): Promise<T> {
    this.step = step;
    try {
      return await call();
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      let detail: string;
      if (message === 'Connection timeout') detail = `no connection within ${CONNECT_TIMEOUT_MS / 1000} s`;
      else if (/Operation timed out/.test(message)) detail = `no answer within ${OPERATION_TIMEOUT_MS / 1000} s`;
      else detail = describeError(error, [...this.secrets, ...extraSecrets]);
      throw new LdapError(stepOf(error, step), detail, { cause: error });
    }
  }
}

/**
 * Runs `work` on a fresh connection and always closes it. The whole of it is bounded too: each
 * operation has its own limit, but several slow ones in a row would outlast the host's.
 */
export async function withDirectory<T>(settings: LdapSettings, work: (directory: Directory) => Promise<T>): Promise<T> {
  const directory = new Directory(settings);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LdapError(directory.step, `no answer from the directory within ${OVERALL_TIMEOUT_MS / 1000} s`)), OVERALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([directory.open().then(() => work(directory)), deadline]);
  } finally {
    clearTimeout(timer);
    await directory.close();
  }
}
