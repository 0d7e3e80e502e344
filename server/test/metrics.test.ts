import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installedSite, type TestSite } from './support/app.js';

/** Prometheus metrics at /metrics (issue 28): off by default, and only for the scrapers allowed. */
describe('metrics', () => {
  let site: TestSite;
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) => site.app.inject({ url: '/metrics', remoteAddress, headers });

  beforeAll(async () => {
    site = await installedSite();
  });
  afterAll(async () => site?.close());
  afterEach(() => {
    delete process.env.METRICS_ENABLED;
    delete process.env.METRICS_ALLOW;
    delete process.env.METRICS_TOKEN;
  });

  it('is the site 404 page while off (the default)', async () => {
    const res = await scrape('127.0.0.1');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('answer_http_requests_total');
  });

  it('answers loopback in the exposition format with the documented series, and nobody else', async () => {
    process.env.METRICS_ENABLED = '1';
    await site.restart();
    await site.app.inject({ url: '/answer/api/v1/question/page?page=1' });
    await site.app.inject({ url: '/answer/api/v1/siteinfo' });
    const res = await scrape('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const series of [
      'answer_http_requests_total{method="GET",route="/answer/api/v1/question/page",status="2xx"}',
      'answer_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/answer/api/v1/question/page"}',
      'answer_cache_hit_ratio',
      'answer_cache_reads_total{result="hit"}',
      'answer_page_renders_total',
      'answer_outbox_backlog',
      'answer_outbox_failures_total',
      'answer_process_resident_memory_bytes',
      'answer_nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body, series).toContain(series);
    }
    // Every line is a comment or "name{labels} value".
    for (const line of res.body.split('\n').filter(Boolean)) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+|\w+(\{[^}]*\})? (NaN|\+Inf|-Inf))$/i);
    expect((await scrape('203.0.113.5')).statusCode).toBe(404);
  });

  it('lets in the configured addresses, or anyone with the token', async () => {
    process.env.METRICS_ENABLED = '1';
    process.env.METRICS_ALLOW = '10.1.0.0/16';
    process.env.METRICS_TOKEN = 'scrape-secret-1234';
    await site.restart();
    expect((await scrape('10.1.2.3')).statusCode).toBe(200);
    expect((await scrape('127.0.0.1')).statusCode).toBe(404);
    expect((await scrape('203.0.113.5', { authorization: 'Bearer scrape-secret-1234' })).statusCode).toBe(200);
    expect((await scrape('203.0.113.5', { authorization: 'Bearer wrong' })).statusCode).toBe(404);
  });
});
