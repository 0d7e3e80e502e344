import { moderationLogQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { moderationLogPage } from './log.js';

/** The moderation log, for administrators (registered under the admin API prefix). */
export async function moderationLogRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.get('/moderation/log', { config: { access: 'admin', openapi: { query: moderationLogQuery, response: 'ModerationLogPage' } } }, async (request, reply) =>
    send(request, reply, await moderationLogPage(runtime, request.user, parseInput(moderationLogQuery, request.query))),
  );
}
