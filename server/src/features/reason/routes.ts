import { reasonsQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { reasonsFor } from './service.js';

export async function reasonRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // The lists behind the flag, close, review and status dialogs (domain.md 2.20).
  app.get('/reasons', { config: { access: 'auth', openapi: { query: reasonsQuery, response: 'ReasonItem[]' } } }, async (request, reply) => {
    const { object_type, action } = parseInput(reasonsQuery, request.query);
    return send(request, reply, await reasonsFor(runtime.database, object_type, action, request.lang));
  });
}
