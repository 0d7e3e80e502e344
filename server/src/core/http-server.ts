import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { RequestPacer } from './request-pacing.js';

/** Bodies smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** Answers a request itself and returns true, or returns false and leaves it to the framework. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The options Fastify passes a server factory, with its defaults applied. */
interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * The HTTP server Fastify would create (its options and timeouts), where `fastPath` sees each
 * request first. Used for the one call so frequent that the framework's own work per request is
 * most of its cost (features/notification/poll-fast-path.ts; docs/decisions.md). The other requests
 * start a few milliseconds of work per event-loop turn (request-pacing.ts), so new connections are
 * accepted under load.
 */
export function serverWithFastPath(fastPath: FastPath): FastifyServerFactory {
  return (handler, opts) => {
    const options = opts as unknown as ServerTimeouts & { http?: http.ServerOptions };
    const pacer = new RequestPacer();
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!fastPath(req, res)) pacer.pace(() => handler(req, res));
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
