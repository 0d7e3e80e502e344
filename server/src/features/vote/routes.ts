import type { FastifyInstance } from 'fastify';
import { voteSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { vote } from './service.js';
import { doc } from '../openapi/declare.js';

export async function voteRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  for (const [path, direction] of [['/vote/up', 1], ['/vote/down', -1]] as const) {
    app.post(path, doc(postingRoute('vote'), { body: voteSchema, response: 'VoteResult', summary: direction > 0 ? 'Vote up' : 'Vote down' }), async (request, reply) => {
      const input = parseInput(voteSchema, request.body);
      return send(request, reply, await vote(runtime, request.user!, input.object_id, direction, input.is_cancel));
    });
  }
}
