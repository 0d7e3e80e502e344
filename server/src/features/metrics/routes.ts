import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../../config/config.js';
import { notFound } from '../../core/errors.js';
import { createSiteMetrics } from './registry.js';

const LOOPBACK = ['127.0.0.1/8', '::1/128'];

/** The addresses that may scrape: the configured ones, else loopback alone. */
function allowList(config: MetricsConfig): BlockList {
  const list = new BlockList();
  for (const entry of config.allow.length || config.token ? config.allow : LOOPBACK) {
    const [address, bits] = entry.split('/');
    const type = isIPv4(address!) ? 'ipv4' : 'ipv6';
    if (bits !== undefined) list.addSubnet(address!, Number(bits), type);
    else list.addAddress(address!, type);
  }
  return list;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus's text format, registered only when metrics are enabled (otherwise
 * the path is the site's 404 page). Called on the root instance before the routes are registered,
 * so its timing hook sees every route. A scraper is let in by its address (request.ip, which honours
 * only the trusted proxies) or by the bearer token; anyone else gets the same 404, so the endpoint
 * does not announce itself.
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig): void {
  const metrics = createSiteMetrics(app.runtime);
  const allowed = allowList(config);
  const mayScrape = (request: FastifyRequest) => {
    const header = String(request.headers.authorization ?? '');
    if (config.token && header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), config.token)) return true;
    const ip = request.ip.replace(/^::ffff:/, '');
    try {
      return allowed.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  };
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { access: 'none' } }, async (request, reply) => {
    if (!mayScrape(request)) throw notFound();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
