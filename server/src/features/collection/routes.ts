import type { FastifyInstance } from 'fastify';
import { bookmarkSwitchSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { switchBookmark } from './service.js';

export async function collectionRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.post('/collection/switch', { config: { access: 'auth', openapi: { body: bookmarkSwitchSchema, response: 'BookmarkResult' } } }, async (request, reply) => {
    const input = parseInput(bookmarkSwitchSchema, request.body);
    return send(request, reply, await switchBookmark(runtime, request.user!, input.object_id, input.bookmark));
  });
}
