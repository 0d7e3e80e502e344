import { describe, expect, it } from 'vitest';
import { HIDDEN_POLL_MS, MAX_BACKOFF_MS, pollDelay } from './notification-poll';

describe('pollDelay', () => {
  it('polls every 3 s while the tab is shown and the server answers', () => {
    expect(pollDelay({ hidden: false, failures: 0 })).toBe(3_000);
  });

  it('slows to 30 s while the tab is hidden', () => {
    expect(pollDelay({ hidden: true, failures: 0 })).toBe(HIDDEN_POLL_MS);
    expect(HIDDEN_POLL_MS).toBe(30_000);
  });

  it('doubles the wait after each failed poll, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 10].map((failures) => pollDelay({ hidden: false, failures }))).toEqual([6_000, 12_000, 24_000, 48_000, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
  });

  it('never polls a hidden tab faster than its heartbeat, even while backing off', () => {
    expect(pollDelay({ hidden: true, failures: 1 })).toBe(HIDDEN_POLL_MS);
    expect(pollDelay({ hidden: true, failures: 5 })).toBe(MAX_BACKOFF_MS);
  });
});
