import type { FastifyInstance } from 'fastify';
import { reactionQuery, reactionSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { sameForEveryReader } from '../pages/render-identity.js';
import { react, reactionSummary } from './service.js';

/** Emoji reactions under questions and answers (domain.md 5.15). Both reply `{reaction_summary}`, as upstream does. */
export async function reactionRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/meta/reaction', { config: { access: 'public', openapi: { query: reactionQuery, response: 'ReactionSummary' } } }, async (request, reply) => {
    const { object_id } = parseInput(reactionQuery, request.query);
    const summary = await reactionSummary(runtime, request.user, object_id, request.lang);
    if (!summary.reaction_summary.length) sameForEveryReader(reply);
    return send(request, reply, summary);
  });

  app.put('/meta/reaction', { config: { access: 'auth', openapi: { body: reactionSchema, response: 'ReactionSummary' } } }, async (request, reply) => {
    const input = parseInput(reactionSchema, request.body);
    return send(request, reply, await react(runtime, request.user!, input, request.lang));
  });
}
