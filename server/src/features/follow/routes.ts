import type { FastifyInstance } from 'fastify';
import { text } from '@answer/contract';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { follow } from './service.js';

const followBody = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  is_cancel: z.boolean({ message: 'error.common.invalid' }).optional().default(false),
});

export async function followRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.post('/follow', { config: { access: 'auth' } }, async (request, reply) => {
    const input = parseInput(followBody, request.body);
    return send(request, reply, await follow(runtime, request.user!, input.object_id, input.is_cancel));
  });
}
