import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { OPERATION_TIMEOUT_MS } from '../src/timeouts.ts';
import { closedPort, configFor, fakeContext, hostKey, startSilentServer } from './harness.ts';

/** How long the host waits for a storage hook before falling back (server/src/features/plugin/call.ts). */
const HOST_HOOK_LIMIT_MS = 10_000;

let silent: Awaited<ReturnType<typeof startSilentServer>>;
beforeAll(async () => {
  silent = await startSilentServer();
});
afterAll(async () => {
  await silent?.stop();
});

const upload = (endpoint: string) =>
  plugin.storage!.upload({ key: hostKey(), data: Buffer.from('bytes'), mime: 'image/png', source: 'user_post' }, fakeContext(configFor({ endpoint, bucket: 'answer-files' })));

/** Runs a call that must fail; gives its error and how long it took. */
async function timedFailure(run: () => Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const started = performance.now();
  try {
    await run();
  } catch (error) {
    return { error: error as Error, ms: performance.now() - started };
  }
  throw new Error('expected the call to fail');
}

describe('a dead endpoint', () => {
  it('fails at once when the connection is refused', async () => {
    const { error, ms } = await timedFailure(async () => upload(`http://127.0.0.1:${await closedPort()}`));
    expect(error.message).toMatch(/^s3_storage: upload failed: .*ECONNREFUSED/);
    expect(ms).toBeLessThan(3_000);
  });

  it('fails within the time limit, before the host gives up, when the endpoint never answers', { timeout: 20_000 }, async () => {
    const { error, ms } = await timedFailure(() => upload(silent.endpoint));
    expect(error.message).toBe(`s3_storage: upload failed: no answer from the bucket within ${OPERATION_TIMEOUT_MS / 1000} s`);
    expect(ms).toBeGreaterThanOrEqual(OPERATION_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(HOST_HOOK_LIMIT_MS);
  });
});
