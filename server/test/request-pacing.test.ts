import { describe, expect, it } from 'vitest';
import { RequestPacer } from '../src/core/request-pacing.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Busy-waits: a request's synchronous work. */
function work(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('requests started a few milliseconds per event-loop turn', () => {
  it('starts cheap requests in one turn, in order', async () => {
    const pacer = new RequestPacer(50);
    const started: number[] = [];
    for (let i = 0; i < 20; i++) pacer.pace(() => started.push(i));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([...Array(20).keys()]);
  });

  it('leaves what exceeds the budget to later turns, still in order, losing none', async () => {
    const pacer = new RequestPacer(2);
    const started: number[] = [];
    for (let i = 0; i < 6; i++)
      pacer.pace(() => {
        started.push(i);
        work(3);
      });
    await nextTurn();
    // Each request outlasts the budget: one per turn.
    expect(started).toEqual([0]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    for (let turn = 0; turn < 10 && started.length < 6; turn++) await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('counts the work a request does after its first await', async () => {
    const pacer = new RequestPacer(2);
    const started: number[] = [];
    for (let i = 0; i < 3; i++)
      pacer.pace(() => {
        started.push(i);
        void Promise.resolve().then(() => work(3));
      });
    await nextTurn();
    expect(started).toEqual([0]);
  });

  it('lets I/O of the next turn run between the paced requests', async () => {
    const pacer = new RequestPacer(2);
    const events: string[] = [];
    for (let i = 0; i < 3; i++)
      pacer.pace(() => {
        events.push(`request ${i}`);
        work(3);
      });
    // A timer due now stands for what the loop does between turns (an accept, a socket read).
    setTimeout(() => events.push('between'), 0);
    for (let turn = 0; turn < 10 && events.length < 4; turn++) await nextTurn();
    expect(events.indexOf('between')).toBeGreaterThan(0);
    expect(events.indexOf('between')).toBeLessThan(3);
  });
});
