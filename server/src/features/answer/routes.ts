import { answerPageQuery, answerSchema, deleteByIdSchema, editAnswerSchema, idQuery, acceptAnswerSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { guardDuplicate } from '../../core/duplicate.js';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { postClientOf } from '../review/gate.js';
import { acceptAnswer, acceptBody } from './accept.js';
import { answerInfo, answerPageReply } from './list.js';
import { addAnswer, deleteAnswer, editAnswer } from './service.js';
import { doc } from '../openapi/declare.js';
import { readRoute } from '../pages/reader-reads.js';

export async function answerRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const pub = { config: { access: 'public' as const } };
  const auth = { config: { access: 'auth' as const } };

  readRoute(app, '/answer/page', { config: { access: 'public', openapi: { query: answerPageQuery, response: 'AnswerPage', summary: 'Answers of a question' }, cachedSession: true } }, async ({ query, user, lang }) =>
    // The stored bodies of the visitors' or the reader's page.
    ({ reply: await answerPageReply(runtime, parseInput(answerPageQuery, query), user, lang) }),
  );

  app.get('/answer/info', doc(pub, { query: idQuery, response: 'AnswerInfo' }), async (request, reply) =>
    send(request, reply, await answerInfo(runtime, parseInput(idQuery, request.query).id, request.user, request.lang)),
  );

  app.post('/answer', doc(postingRoute('answer'), { body: answerSchema, response: 'AnswerInfo', summary: 'Answer a question' }), async (request, reply) => {
    const input = parseInput(answerSchema, request.body);
    const user = request.user!;
    const id = await guardDuplicate(runtime.shared, user.id, '/answer', input, () => addAnswer(runtime, user, input, postClientOf(request)));
    return send(request, reply, await answerInfo(runtime, id, user, request.lang));
  });

  app.put('/answer', doc(postingRoute('edit'), { body: editAnswerSchema, response: 'EditResult' }), async (request, reply) => {
    const input = parseInput(editAnswerSchema, request.body);
    return send(request, reply, await editAnswer(runtime, request.user!, input));
  });

  app.post('/answer/acceptance', doc(auth, { body: acceptAnswerSchema, response: null, summary: 'Accept an answer' }), async (request, reply) => {
    await acceptAnswer(runtime, request.user!, parseInput(acceptBody, request.body));
    return send(request, reply, null);
  });

  app.delete('/answer', doc(postingRoute('delete'), { body: deleteByIdSchema, response: null }), async (request, reply) => {
    const input = parseInput(deleteByIdSchema, request.body);
    await deleteAnswer(runtime, request.user!, input.id);
    return send(request, reply, null);
  });
}
