import type { Runtime } from '../runtime.js';

/**
 * Reputation thresholds (`rank.<action>` rows of the config table, written from the admin's
 * privilege level). -1 means "role only". Cached; the privilege settings call forgets them.
 */
export type Thresholds = Record<string, number>;
const KEY = 'answer:privilege-thresholds';

export async function loadThresholds(runtime: Runtime): Promise<Thresholds> {
  const cached = await runtime.cache.get<Thresholds>(KEY);
  if (cached) return cached;
  const rows = await runtime.database.selectFrom('config').select(['key', 'value']).where('key', 'like', 'rank.%').execute();
  const thresholds: Thresholds = {};
  for (const r of rows) thresholds[r.key.slice(5)] = Number(r.value);
  await runtime.cache.set(KEY, thresholds, 3600);
  return thresholds;
}

export const forgetThresholds = (runtime: Runtime) => runtime.invalidate(KEY);
