import { pendingPostDecisionSchema, pendingPostQuery, reviewSettingsSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { decidePendingPost } from './decide.js';
import { pendingPostPage } from './queue.js';
import { loadReviewSettings, saveReviewSettings } from './settings.js';
import { doc } from '../openapi/declare.js';

/** The queued-posts review (domain.md 5.11), under the API prefix; staff only (checked by the service). */
export async function pendingReviewRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.get('/review/pending/post/page', doc(auth, { query: pendingPostQuery, response: 'PendingPostPage' }), async (request, reply) =>
    send(request, reply, await pendingPostPage(runtime, request.user!, parseInput(pendingPostQuery, request.query), request.lang)),
  );

  app.put('/review/pending/post', doc(auth, { body: pendingPostDecisionSchema, response: null }), async (request, reply) => {
    await decidePendingPost(runtime, request.user!, parseInput(pendingPostDecisionSchema, request.body));
    return send(request, reply, null);
  });
}

/** `GET|PUT /siteinfo/review` under the admin prefix: the built-in review rules (admin only). */
export async function reviewSettingsRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };

  app.get('/siteinfo/review', doc(admin, { response: reviewSettingsSchema }), async (request, reply) => send(request, reply, await loadReviewSettings(runtime)));

  app.put('/siteinfo/review', doc(admin, { body: reviewSettingsSchema, response: null }), async (request, reply) => {
    await saveReviewSettings(runtime, parseInput(reviewSettingsSchema, request.body));
    return send(request, reply, null);
  });
}
