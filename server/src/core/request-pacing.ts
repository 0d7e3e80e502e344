/**
 * Node accepts at most one new connection per turn of its event loop (libuv 1.45 and later accept
 * once per readiness of the listening socket: libuv/libuv#3696). A turn runs every request whose
 * bytes have arrived, so under load a turn lasts as long as fifty requests take, and a browser
 * opening a new connection waits one such turn per connection queued before it: with wrk's fifty
 * connections, the last was accepted 1.5 s after the first although each request took under 2 ms
 * (docs/decisions.md, "New connections wait"). Starting requests for at most a few milliseconds of
 * work per turn, and the rest in the next turns, in order, brings the loop back to the listening
 * socket every few milliseconds.
 */
export class RequestPacer {
  /** When this turn's first paced request started; -1 until one has. */
  private turnStarted = -1;

  /** `budgetMs`: how long a turn starts requests before it leaves the rest to the next turn. */
  constructor(private readonly budgetMs = 2) {}

  /** Runs `start` in this turn or a later one, after every request paced before it. */
  pace(start: () => void): void {
    // Each start is an immediate of its own: Node runs the promise jobs a start queued before the
    // next immediate, so the time measured includes the part of a request that runs after its
    // first await (most of it, when its reads are cached or synchronous).
    setImmediate(this.run, start);
  }

  private readonly run = (start: () => void): void => {
    const now = performance.now();
    if (this.turnStarted < 0) {
      this.turnStarted = now;
      // Queued now, it runs first in the next turn's immediates: before those deferred below,
      // which then start with a new budget, and before the requests read in the next turn.
      setImmediate(this.nextTurn);
    } else if (now - this.turnStarted >= this.budgetMs) {
      setImmediate(this.run, start);
      return;
    }
    start();
  };

  private readonly nextTurn = (): void => {
    this.turnStarted = -1;
  };
}
