import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets. Clients may send the access token as `?Authorization=`
 * (as upstream allows), and the links mailed for activation, password reset, e-mail change and
 * unsubscribe carry one-time `code`s in the page URL. Compared without case.
 */
const SECRET_PARAMS = new Set(['authorization', 'access_token', 'token', 'visit_token', 'code']);
const MASK = '[redacted]';

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced by a mask. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(decodeName(name)) ? `${name}=${MASK}` : pair;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

/** Where log lines go when not to stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Pino options for the request log: Fastify's usual request fields with the URL redacted, and the
 * credential headers masked should anything log the headers.
 */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
      censor: MASK,
    },
  };
}
