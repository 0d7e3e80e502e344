import { unsubscribeLinkQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { unsubscribe } from '../user/notification-config.js';

/**
 * The RFC 8058 one-click unsubscribe target named in every notification mail's List-Unsubscribe
 * header: mail clients POST `List-Unsubscribe=One-Click` (form-encoded or multipart) to the URL,
 * which carries the code, without any login. The web page's PUT /user/notification/unsubscribe
 * does the same for people who open the link.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  // Only this plugin's routes read form bodies; their content does not matter (the code is in the URL).
  const ignoreBody = (_request: unknown, _body: string, done: (err: null, body: unknown) => void) => done(null, {});
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, ignoreBody);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, ignoreBody);

  app.post('/user/notification/unsubscribe', { config: { access: 'none', openapi: { query: unsubscribeLinkQuery, response: null, summary: 'One-click unsubscribe (List-Unsubscribe-Post)' } } }, async (request, reply) => {
    const query = request.query as { code?: unknown };
    const fromBody = (request.body as { code?: unknown } | undefined)?.code;
    const code = typeof query.code === 'string' ? query.code : typeof fromBody === 'string' ? fromBody : '';
    await unsubscribe(app.runtime.database, code);
    return send(request, reply, null);
  });
}
