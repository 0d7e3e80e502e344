import { closeQuestionSchema, questionOperationSchema, recoverAnswerSchema, recoverQuestionSchema, reopenQuestionSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { recoverAnswer } from '../answer/recover.js';
import { closeQuestion, reopenQuestion } from './close.js';
import { operateQuestion } from './operations.js';
import { recoverQuestion } from './recover.js';
import { doc } from '../openapi/declare.js';

/** Moderation of posts: close, reopen, pin, unpin, hide, show, undelete (domain.md 5.10-5.13). */
export async function moderationRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.put('/question/status', doc(auth, { body: closeQuestionSchema, response: null, summary: 'Close a question' }), async (request, reply) => {
    await closeQuestion(runtime, request.user!, parseInput(closeQuestionSchema, request.body));
    return send(request, reply, null);
  });

  app.put('/question/reopen', doc(auth, { body: reopenQuestionSchema, response: null }), async (request, reply) => {
    await reopenQuestion(runtime, request.user!, parseInput(reopenQuestionSchema, request.body).question_id);
    return send(request, reply, null);
  });

  app.put('/question/operation', doc(auth, { body: questionOperationSchema, response: null, summary: 'Pin, unpin, list or unlist a question' }), async (request, reply) => {
    const input = parseInput(questionOperationSchema, request.body);
    await operateQuestion(runtime, request.user!, input.id, input.operation);
    return send(request, reply, null);
  });

  app.post('/question/recover', doc(auth, { body: recoverQuestionSchema, response: null }), async (request, reply) => {
    await recoverQuestion(runtime, request.user!, parseInput(recoverQuestionSchema, request.body).question_id);
    return send(request, reply, null);
  });

  app.post('/answer/recover', doc(auth, { body: recoverAnswerSchema, response: null }), async (request, reply) => {
    await recoverAnswer(runtime, request.user!, parseInput(recoverAnswerSchema, request.body).answer_id);
    return send(request, reply, null);
  });
}
