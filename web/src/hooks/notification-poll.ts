import { TIMINGS } from '@answer/contract';

/** How often a hidden tab asks: nobody sees the bell, so a slow heartbeat is enough. */
export const HIDDEN_POLL_MS = 30_000;
/** The longest wait after repeated failures (a server restarting, a proxy answering 502). */
export const MAX_BACKOFF_MS = 60_000;

/**
 * Milliseconds until the next notification poll (spec section 4: every 3 s while logged in).
 * A hidden tab slows to 30 s (it asks again at once when it is shown); failed polls double the wait
 * each time, up to a minute, so a struggling server is not hammered by every open tab.
 */
export function pollDelay({ hidden, failures }: { hidden: boolean; failures: number }): number {
  const base = TIMINGS.notificationPollMs;
  const backoff = failures > 0 ? Math.min(base * 2 ** failures, MAX_BACKOFF_MS) : base;
  return hidden ? Math.max(backoff, HIDDEN_POLL_MS) : backoff;
}

export const isTabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
