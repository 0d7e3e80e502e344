import { PRIVILEGE_KEYS } from '@answer/contract';
/**
 * Reputation thresholds of the three preset privilege levels (domain.md 4.2), keyed by the action
 * name that follows "rank." in the config table. Level 2 is written at install.
 */
// The keys are the contract's (the admin privilege form validates them).
export { PRIVILEGE_KEYS };
export type PrivilegeKey = (typeof PRIVILEGE_KEYS)[number];

// Values in PRIVILEGE_KEYS order, one row per level.
const L1 = [1, 1, 1, 1, 1, 1, 1, 1, 125, 125, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const L2 = [1, 1, 1, 1, 1, 10, 8, 8, 125, 125, 500, 750, 50, 100, 100, 1000, 1000, 1000, 1000, 2500, 10000, 10000];
const L3 = [1, 1, 1, 1, 1, 10, 15, 15, 125, 125, 1000, 1500, 100, 200, 200, 2000, 2000, 2000, 2000, 5000, 20000, 20000];

const toMap = (values: number[]) =>
  Object.fromEntries(PRIVILEGE_KEYS.map((k, i) => [k, values[i]!])) as Record<PrivilegeKey, number>;

export const PRIVILEGE_LEVELS: Record<1 | 2 | 3, Record<PrivilegeKey, number>> = {
  1: toMap(L1),
  2: toMap(L2),
  3: toMap(L3),
};
export const DEFAULT_PRIVILEGE_LEVEL = 2;
