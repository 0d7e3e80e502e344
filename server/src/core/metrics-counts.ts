/**
 * Counts kept by the core as plain numbers, whether or not metrics are on (an increment costs
 * nothing): the metrics endpoint (features/metrics) reads them when scraped.
 */
export const counts = {
  /** Process-local cache reads (runtime.cache): found and not. */
  cacheHits: 0,
  cacheMisses: 0,
  /** Server renders of pages by the web app's components, and their total time. */
  renders: 0,
  renderSeconds: 0,
  /** Outbox jobs that failed, per topic (each failed attempt). */
  outboxFailures: new Map<string, number>(),
};
