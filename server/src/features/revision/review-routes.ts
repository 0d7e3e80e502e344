import { revisionAuditSchema, unreviewedRevisionQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { auditRevision } from './audit.js';
import { reviewingTypes } from './queues.js';
import { unreviewedPage } from './suggestions.js';
import { doc } from '../openapi/declare.js';

/** Reviewing suggested edits and the list of review queues (domain.md 5.9). */
export async function reviewRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.get('/revisions/unreviewed', doc(auth, { query: unreviewedRevisionQuery, response: 'UnreviewedRevisionPage' }), async (request, reply) =>
    send(request, reply, await unreviewedPage(runtime, request.user!, parseInput(unreviewedRevisionQuery, request.query).page)),
  );

  app.put('/revisions/audit', doc(auth, { body: revisionAuditSchema, response: null }), async (request, reply) => {
    await auditRevision(runtime, request.user!, parseInput(revisionAuditSchema, request.body));
    return send(request, reply, null);
  });

  app.get('/reviewing/type', doc(auth, { response: 'ReviewingType[]', summary: 'Review queues and their counts' }), async (request, reply) => send(request, reply, await reviewingTypes(runtime, request.user!, request.lang)));
}
