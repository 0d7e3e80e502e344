import type { FastifyInstance } from 'fastify';
import { text } from '@answer/contract';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { vote } from './service.js';

const voteBody = z.object({
  object_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  is_cancel: z.boolean().optional().default(false),
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
});

export async function voteRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  for (const [path, direction] of [['/vote/up', 1], ['/vote/down', -1]] as const) {
    app.post(path, postingRoute('vote'), async (request, reply) => {
      const input = parseInput(voteBody, request.body);
      return send(request, reply, await vote(runtime, request.user!, input.object_id, direction, input.is_cancel));
    });
  }
}
