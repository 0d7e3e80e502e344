import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';

export async function userRoutes(app: FastifyInstance) {
  // The current user, or data null for a visitor. Sessions arrive with the accounts issue, so for
  // now every caller is a visitor.
  app.get('/user/info', { config: { access: 'none' } }, async (request, reply) => {
    return send(request, reply, null);
  });
}
