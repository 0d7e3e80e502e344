import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LdapError } from '../src/error-text.ts';
import plugin from '../src/server.ts';
import { configFor, fakeContext } from './harness.ts';
import { PASSWORDS } from './ldif.ts';
import { type RunningDirectory, startDirectory } from './slapd.ts';

let directory: RunningDirectory;
beforeAll(async () => {
  directory = await startDirectory();
}, 20_000);
afterAll(async () => {
  await directory?.stop();
});

const signIn = (overrides: Record<string, unknown>) => plugin.connector!.login!({ username: 'alice', password: PASSWORDS.alice }, fakeContext(configFor(directory.url, overrides)));

async function failureOf(run: Promise<unknown>): Promise<LdapError> {
  const error = await run.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LdapError);
  return error as LdapError;
}

describe('StartTLS', () => {
  it('signs in over StartTLS when the CA certificate is given', async () => {
    expect(await signIn({ start_tls: true, ca_certificate: directory.certificate })).toMatchObject({ username: 'alice' });
  });

  it('refuses the unknown certificate when verification is on and no CA is given', async () => {
    const started = performance.now();
    const error = await failureOf(signIn({ start_tls: true }));
    expect(error.step).toBe('tls');
    expect(error.detail).toMatch(/self[- ]signed/i);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('accepts any certificate when verification is turned off', async () => {
    expect(await signIn({ start_tls: true, verify_certificate: false })).toMatchObject({ username: 'alice' });
  });

  it('checks the host name against the certificate', async () => {
    // The certificate names 127.0.0.1 only: the same server reached as "localhost" is refused.
    const error = await failureOf(
      plugin.connector!.login!(
        { username: 'alice', password: PASSWORDS.alice },
        fakeContext(configFor(directory.url.replace('127.0.0.1', 'localhost'), { start_tls: true, ca_certificate: directory.certificate })),
      ),
    );
    expect(error.step).toBe('tls');
    expect(error.detail).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|does not match/);
  });
});

describe('ldaps://', () => {
  it('signs in over ldaps:// when the CA certificate is given', async () => {
    expect(await plugin.connector!.login!({ username: 'alice', password: PASSWORDS.alice }, fakeContext(configFor(directory.ldapsUrl, { ca_certificate: directory.certificate })))).toMatchObject({
      username: 'alice',
    });
  });

  it('refuses the unknown certificate without the CA', async () => {
    const error = await failureOf(plugin.connector!.login!({ username: 'alice', password: PASSWORDS.alice }, fakeContext(configFor(directory.ldapsUrl))));
    expect(error.step).toBe('tls');
  });
});
