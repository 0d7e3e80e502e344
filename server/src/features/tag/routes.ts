import { tagInfoQuery, updateTagSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { editTag } from './edit.js';
import { tagInfo } from './info.js';

/** The tag page and tag editing (domain.md 7.3, 7.6). Creating, deleting and synonyms come later. */
export async function tagRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/tag', { config: { access: 'public' } }, async (request, reply) =>
    send(request, reply, await tagInfo(runtime, parseInput(tagInfoQuery, request.query), request.user, request.lang)),
  );

  // No captcha: the tag editor of the client sends none (ui-api-calls row 137).
  app.put('/tag', { config: { access: 'auth' } }, async (request, reply) =>
    send(request, reply, await editTag(runtime, request.user!, parseInput(updateTagSchema, request.body))),
  );
}
