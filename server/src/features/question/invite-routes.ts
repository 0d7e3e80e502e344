import type { FastifyInstance } from 'fastify';
import { idQuery, inviteSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { invitedUsers, inviteUsers } from './invite.js';
import { doc } from '../openapi/declare.js';

/** Inviting people to answer a question (domain.md 5.14). */
export async function inviteRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/question/invite', { config: { access: 'public', openapi: { query: idQuery, response: 'UserBasicInfo[]' }, sameForEveryReader: true } }, async (request, reply) => {
    const { id } = parseInput(idQuery, request.query);
    return send(request, reply, await invitedUsers(runtime, request.user, id));
  });

  app.put('/question/invite', doc(postingRoute('invitation_answer'), { body: inviteSchema, response: null }), async (request, reply) => {
    const input = parseInput(inviteSchema, request.body);
    await inviteUsers(runtime, request.user!, input);
    return send(request, reply, null);
  });
}
