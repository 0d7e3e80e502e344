import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { counts } from '../../core/metrics-counts.js';
import { poolStats } from '../../db/connect.js';
import type { Runtime } from '../../runtime.js';

/**
 * The site's Prometheus metrics (docs/api.md, "Metrics"). One registry per running app, made only
 * when metrics are enabled; what the core counts anyway (core/metrics-counts.ts) is read at scrape
 * time, and the outbox backlog is counted from its table then.
 */
export interface SiteMetrics {
  registry: Registry;
  /** Observes one finished HTTP request (its route pattern, not its URL: bounded label values). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Node's own metrics (memory, event-loop delay, GC) are process-wide: registered once per process. */
let processRegistry: Registry | undefined;

export function createSiteMetrics(runtime: Runtime): SiteMetrics {
  const registry = new Registry();
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'answer_' });
  }
  const requests = new Counter({ name: 'answer_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status class.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'answer_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'answer_cache_hit_ratio',
    help: 'Share of process-cache reads that found their entry, since the process started.',
    registers: [registry],
    collect() {
      const reads = counts.cacheHits + counts.cacheMisses;
      this.set(reads ? counts.cacheHits / reads : 0);
    },
  });
  new Counter({
    name: 'answer_cache_reads_total',
    help: 'Process-cache reads, found (hit) or not (miss).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, counts.cacheHits);
      this.inc({ result: 'miss' }, counts.cacheMisses);
    },
  });
  new Counter({
    name: 'answer_page_renders_total',
    help: 'Pages rendered on the server by the web app (kept pages served again are not renders).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts.renders);
    },
  });
  new Counter({
    name: 'answer_page_render_seconds_total',
    help: 'Time spent rendering pages on the server.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(counts.renderSeconds);
    },
  });
  new Counter({
    name: 'answer_outbox_failures_total',
    help: 'Failed attempts of outbox jobs (mail, notifications, plugin deliveries), by topic.',
    labelNames: ['topic'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [topic, n] of counts.outboxFailures) this.inc({ topic }, n);
    },
  });
  new Gauge({
    name: 'answer_outbox_backlog',
    help: 'Outbox jobs not done yet, by topic (retrying ones included).',
    labelNames: ['topic'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await runtime.database
        .selectFrom('outbox')
        .select(['topic', (eb) => eb.fn.countAll().as('n')])
        .where('done_at', '=', 0)
        .groupBy('topic')
        .execute();
      for (const row of rows) this.set({ topic: row.topic }, Number(row.n));
    },
  });
  new Gauge({
    name: 'answer_db_pool_connections',
    help: 'PostgreSQL connection pool: open, idle and waiting (absent on SQLite and MariaDB).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const pool = poolStats(runtime.database);
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const merged = Registry.merge([registry, processRegistry]);
  return {
    registry: merged,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: `${Math.floor(status / 100)}xx` });
      latency.observe({ method, route }, seconds);
    },
  };
}
