import type { FastifyInstance } from 'fastify';

/**
 * Behind a reverse proxy that is not listed in trusted_proxies, every request seems to come from
 * the proxy: the per-address limits (30 failed logins) then lock out everyone at once. The first
 * request carrying `X-Forwarded-For` that was not believed says so in the log, once per process.
 */
export function warnOfUnbelievedForwarding(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    const from = request.socket.remoteAddress;
    // Believed: Fastify took the client address from the header.
    if (request.ip !== from) return;
    warned = true;
    app.log.warn(
      `A request from ${from} carried X-Forwarded-For, which was ignored because ${from} is not a trusted proxy. ` +
        'If the site runs behind a reverse proxy, list it in server.http.trusted_proxies or TRUSTED_PROXIES (README: "Behind a reverse proxy"); ' +
        'until then every visitor shares its address and its login limits.',
    );
  });
}
