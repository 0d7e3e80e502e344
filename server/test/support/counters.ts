import { expect } from 'vitest';
import { checkCounters } from '../../src/features/counters/check.js';
import type { TestSite } from './app.js';

/**
 * Asserts that every maintained counter equals its recount from the rows. Reputation is left out
 * unless asked for: test accounts get their starting reputation written by hand (`member`), outside
 * the ledger, and the ledger tests check reputation against those starting values themselves.
 */
export async function expectCountersExact(site: TestSite, options: { reputation?: boolean } = {}) {
  // Badge awards follow their event through the outbox: one committing between the check's reads
  // of a counter and of its rows would look like drift. The counters are compared once it is idle.
  await site.runtime.outbox.idle();
  const drift = await checkCounters(site.runtime.database, { skip: options.reputation ? [] : ['user.rank'] });
  expect(drift).toEqual([]);
}
