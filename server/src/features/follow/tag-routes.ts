import type { FastifyInstance } from 'fastify';
import { followTagsSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { followedTags, replaceFollowedTags } from './tags.js';

/** The followed-tag set (domain.md 5.15, 7.7). */
export async function followTagRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.put('/follow/tags', { config: { access: 'auth', openapi: { body: followTagsSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(followTagsSchema, request.body);
    await replaceFollowedTags(runtime, request.user!, input.slug_name_list);
    return send(request, reply, null);
  });

  app.get('/tags/following', { config: { access: 'public', openapi: { response: 'TagSummary[]' } } }, async (request, reply) =>
    send(request, reply, await followedTags(runtime, request.user)),
  );
}
