import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LdapError } from '../src/error-text.ts';
import plugin from '../src/server.ts';
import { OPERATION_TIMEOUT_MS } from '../src/timeouts.ts';
import { configFor, fakeContext, startSilentServer, timedFailure } from './harness.ts';
import { freePort } from './slapd.ts';

/** How long the host waits for connector.login (server/src/features/plugin/registry.ts). */
const HOST_HOOK_LIMIT_MS = 10_000;

let silent: Awaited<ReturnType<typeof startSilentServer>>;
beforeAll(async () => {
  silent = await startSilentServer();
});
afterAll(async () => {
  await silent?.stop();
});

const signIn = (url: string, overrides: Record<string, unknown> = {}) => plugin.connector!.login!({ username: 'alice', password: 'secret' }, fakeContext(configFor(url, overrides)));

describe('a directory that cannot be reached', () => {
  it('fails at once when the connection is refused', async () => {
    const { error, ms } = await timedFailure(async () => signIn(`ldap://127.0.0.1:${await freePort()}`));
    expect(error).toBeInstanceOf(LdapError);
    expect(error).toMatchObject({ step: 'connect', detail: expect.stringContaining('ECONNREFUSED') });
    expect(ms).toBeLessThan(2_000);
  });

  it('fails within the time limit, before the host gives up, when the server never answers', { timeout: 15_000 }, async () => {
    const { error, ms } = await timedFailure(() => signIn(silent.url));
    expect(error.message).toBe(`ldap: bind failed: no answer within ${OPERATION_TIMEOUT_MS / 1000} s`);
    expect(ms).toBeGreaterThanOrEqual(OPERATION_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(HOST_HOOK_LIMIT_MS);
    // The plugin closed its socket instead of leaving it to the server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(silent.connections()).toBeGreaterThan(0);
    expect(silent.openSockets()).toBe(0);
  });
});
