import { flagQueueQuery, flagReviewSchema, reportSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { addFlag } from './flag.js';
import { flaggedPostPage } from './queue.js';
import { reviewFlag } from './review.js';
import { doc } from '../openapi/declare.js';

/** Flags and the flag review queue (domain.md 5.10). */
export async function reportRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.post('/report', doc(postingRoute('report'), { body: reportSchema, response: null, summary: 'Flag a post' }), async (request, reply) => {
    await addFlag(runtime, request.user!, parseInput(reportSchema, request.body));
    return send(request, reply, null);
  });

  app.get('/report/unreviewed/post', doc(auth, { query: flagQueueQuery, response: 'FlaggedPostPage' }), async (request, reply) =>
    send(request, reply, await flaggedPostPage(runtime, request.user!, parseInput(flagQueueQuery, request.query).page, request.lang)),
  );

  app.put('/report/review', doc(auth, { body: flagReviewSchema, response: null }), async (request, reply) => {
    await reviewFlag(runtime, request.user!, parseInput(flagReviewSchema, request.body));
    return send(request, reply, null);
  });
}
