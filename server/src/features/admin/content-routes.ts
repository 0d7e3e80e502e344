import {
  adminAnswerPageQuery,
  adminAnswerStatusSchema,
  adminBulkAnswerStatusSchema,
  adminBulkQuestionStatusSchema,
  adminPurgeSchema,
  adminQuestionPageQuery,
  adminQuestionStatusSchema,
} from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { adminAnswerPage, adminQuestionPage } from './content-list.js';
import { purgeAnswer, purgeQuestion } from './content-purge.js';
import { eachId, setAnswerStatus, setQuestionStatus } from './content-status.js';

/**
 * The admin's content management (domain.md 5.12, admin panel; role Admin only), under the admin
 * API prefix. Upstream's four calls, and ours: bulk status changes and permanent deletion, which
 * answer with one result per id (docs/decisions.md, admin content).
 */
export async function adminContentRoutes(app: FastifyInstance, opts: { uploadsDir: string }) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };

  app.get('/question/page', doc(admin, { query: adminQuestionPageQuery, response: 'AdminQuestionPage' }), async (request, reply) =>
    send(request, reply, await adminQuestionPage(runtime, parseInput(adminQuestionPageQuery, request.query))),
  );

  app.get('/answer/page', doc(admin, { query: adminAnswerPageQuery, response: 'AdminAnswerPage' }), async (request, reply) => send(request, reply, await adminAnswerPage(runtime, parseInput(adminAnswerPageQuery, request.query))));

  app.put('/question/status', doc(admin, { body: adminQuestionStatusSchema, response: null }), async (request, reply) => {
    const input = parseInput(adminQuestionStatusSchema, request.body);
    await setQuestionStatus(runtime, request.user!, input.question_id, input.status);
    return send(request, reply, null);
  });

  app.put('/answer/status', doc(admin, { body: adminAnswerStatusSchema, response: null }), async (request, reply) => {
    const input = parseInput(adminAnswerStatusSchema, request.body);
    await setAnswerStatus(runtime, request.user!, input.answer_id, input.status);
    return send(request, reply, null);
  });

  app.put('/question/status/bulk', doc(admin, { body: adminBulkQuestionStatusSchema, response: 'AdminBulkResult[]' }), async (request, reply) => {
    const input = parseInput(adminBulkQuestionStatusSchema, request.body);
    const results = await eachId(input.ids, request.lang, request.log, (id) => setQuestionStatus(runtime, request.user!, id, input.status));
    return send(request, reply, results);
  });

  app.put('/answer/status/bulk', doc(admin, { body: adminBulkAnswerStatusSchema, response: 'AdminBulkResult[]' }), async (request, reply) => {
    const input = parseInput(adminBulkAnswerStatusSchema, request.body);
    const results = await eachId(input.ids, request.lang, request.log, (id) => setAnswerStatus(runtime, request.user!, id, input.status));
    return send(request, reply, results);
  });

  app.post('/question/purge', doc(admin, { body: adminPurgeSchema, response: 'AdminBulkResult[]' }), async (request, reply) => {
    const input = parseInput(adminPurgeSchema, request.body);
    const results = await eachId(input.ids, request.lang, request.log, (id) => purgeQuestion(runtime, request.user!, id, opts.uploadsDir));
    return send(request, reply, results);
  });

  app.post('/answer/purge', doc(admin, { body: adminPurgeSchema, response: 'AdminBulkResult[]' }), async (request, reply) => {
    const input = parseInput(adminPurgeSchema, request.body);
    const results = await eachId(input.ids, request.lang, request.log, (id) => purgeAnswer(runtime, request.user!, id, opts.uploadsDir));
    return send(request, reply, results);
  });
}
