import { expect, it } from 'vitest';
import { turnOffZodJit } from './zod-jitless';

it('turns zod\'s JIT off before zod loads, so no form check evaluates code', async () => {
  turnOffZodJit();
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  // A check still works without it.
  expect(z.object({ name: z.string() }).safeParse({ name: 'x' }).success).toBe(true);
});
