import type { FastifyInstance } from 'fastify';
import { timelineDetailQuery, timelineQuery } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { objectTimeline, timelineDetail } from './service.js';
import { doc } from '../openapi/declare.js';

/** Timelines of questions, answers and tags, and the revision diff behind their edits (domain.md 12.2). */
export async function timelineRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.get('/activity/timeline', doc(auth, { query: timelineQuery, response: 'ObjectTimeline' }), async (request, reply) => {
    const query = parseInput(timelineQuery, request.query);
    return send(request, reply, await objectTimeline(runtime, request.user!, query.object_id, query.show_vote));
  });

  app.get('/activity/timeline/detail', doc(auth, { query: timelineDetailQuery, response: 'TimelineDetail' }), async (request, reply) => {
    const query = parseInput(timelineDetailQuery, request.query);
    return send(request, reply, await timelineDetail(runtime, request.user!, query.new_revision_id, query.old_revision_id));
  });
}
