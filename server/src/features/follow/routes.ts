import type { FastifyInstance } from 'fastify';
import { followSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { follow } from './service.js';

export async function followRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.post('/follow', { config: { access: 'auth', openapi: { body: followSchema, response: 'FollowResult' } } }, async (request, reply) => {
    const input = parseInput(followSchema, request.body);
    return send(request, reply, await follow(runtime, request.user!, input.object_id, input.is_cancel));
  });
}
