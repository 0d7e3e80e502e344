import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent. V8's own policy grows it up to 4x when collections are cheap; under a
 * burst of rendered pages (large strings go straight to the old generation) that took the server
 * from 165 MB to 381-422 MB of RSS with 60-80 MB alive. At 20% the same burst peaks at 233-238 MB
 * for a few more, short (5-13 ms) full collections; docs/benchmarks.md has the runs.
 * The setting is read at every collection, so it can be set after start.
 */
const DEFAULT_PERCENT = 20;

/** Applies ANSWER_HEAP_GROWTH (percent; 0 keeps V8's own policy) or the default. */
export function limitHeapGrowth(env: NodeJS.ProcessEnv = process.env): void {
  const configured = env.ANSWER_HEAP_GROWTH?.trim();
  let percent = configured ? Number(configured) : DEFAULT_PERCENT;
  if (!Number.isInteger(percent) || percent < 0) {
    console.warn(`ANSWER_HEAP_GROWTH=${configured} is not a whole number of percent; using ${DEFAULT_PERCENT}.`);
    percent = DEFAULT_PERCENT;
  }
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
