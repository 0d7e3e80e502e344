import type { FastifyInstance } from 'fastify';
import { text } from '@answer/contract';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { switchBookmark } from './service.js';

const switchBody = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  bookmark: z.boolean({ message: 'error.common.invalid' }),
  // Bookmark folders are not offered; clients send the default group's id or nothing.
  group_id: text().max(40).optional(),
});

export async function collectionRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.post('/collection/switch', { config: { access: 'auth' } }, async (request, reply) => {
    const input = parseInput(switchBody, request.body);
    return send(request, reply, await switchBookmark(runtime, request.user!, input.object_id, input.bookmark));
  });
}
