import { askSchema, askWithAnswerSchema, deleteByIdSchema, editQuestionSchema, idQuery, questionPageQuery, relatedQuestionQuery, similarQuestionQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { guardDuplicate } from '../../core/duplicate.js';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { addAnswer } from '../answer/service.js';
import { postingRoute } from '../captcha/throttle.js';
import { postClientOf } from '../review/gate.js';
import { questionInfo, questionInfoReply } from './info.js';
import { questionPageReply } from './list.js';
import { recommendPage } from './recommend.js';
import { relatedQuestions, similarQuestions } from './related.js';
import { askQuestion, deleteQuestion, editQuestion, questionIdOrThrow } from './service.js';
import { countView } from './views.js';
import { doc } from '../openapi/declare.js';
import { readRoute } from '../pages/reader-reads.js';

export async function questionRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const pub = { config: { access: 'public' as const } };
  // Replies that do not depend on who asks (app.ts `sameForEveryReader`).
  const same = { config: { access: 'public' as const, sameForEveryReader: true } };
  const auth = { config: { access: 'auth' as const } };

  // The page is cached for every reader, and so are its serialised and compressed bodies.
  app.get('/question/page', doc(same, { query: questionPageQuery, response: 'QuestionPage', summary: 'List questions' }), async (request, reply) =>
    (await questionPageReply(runtime, parseInput(questionPageQuery, request.query))).send(request, reply),
  );

  // Visitors get 401, as upstream: the feed is made of what the reader follows.
  app.get('/question/recommend/page', doc(auth, { query: questionPageQuery, response: 'QuestionPage', summary: 'Questions from followed tags and questions' }), async (request, reply) =>
    send(request, reply, await recommendPage(runtime, request.user!, parseInput(questionPageQuery, request.query))),
  );

  // Readers' sessions may come from the few-seconds process cache (core/session.ts), as for the notification poll.
  readRoute(app, '/question/info', { config: { access: 'public', openapi: { query: idQuery, response: 'QuestionInfo', summary: 'One question' }, cachedSession: true } }, async ({ query, user, lang, viewer }) => {
    const { id } = parseInput(idQuery, query);
    // The stored bodies of the visitors' or the reader's page; the view is counted all the same.
    const info = await questionInfoReply(runtime, id, user, lang);
    await countView(runtime.database, questionIdOrThrow(id), viewer());
    return { reply: info };
  });

  app.get('/question/similar', doc(auth, { query: similarQuestionQuery, response: 'SimilarQuestions' }), async (request, reply) => {
    const { title } = parseInput(similarQuestionQuery, request.query);
    return send(request, reply, await similarQuestions(runtime, title));
  });

  app.get('/question/similar/tag', doc(same, { query: relatedQuestionQuery, response: 'RelatedQuestions' }), async (request, reply) => {
    const { question_id } = parseInput(relatedQuestionQuery, request.query);
    return send(request, reply, await relatedQuestions(runtime, request.user, question_id));
  });

  app.post('/question', doc(postingRoute('question'), { body: askSchema, response: 'QuestionInfo', summary: 'Ask a question' }), async (request, reply) => {
    const input = parseInput(askSchema, request.body);
    const user = request.user!;
    const id = await guardDuplicate(runtime.shared, user.id, '/question', input, () => askQuestion(runtime, user, input, postClientOf(request)));
    return send(request, reply, await questionInfo(runtime, id, user, request.lang));
  });

  app.post('/question/answer', doc(postingRoute('question'), { body: askWithAnswerSchema, response: 'QuestionInfo', summary: 'Ask a question and answer it' }), async (request, reply) => {
    const input = parseInput(askWithAnswerSchema, request.body);
    const user = request.user!;
    const id = await guardDuplicate(runtime.shared, user.id, '/question/answer', input, async () => {
      const questionId = await askQuestion(runtime, user, input, postClientOf(request));
      await addAnswer(runtime, user, { question_id: questionId, content: input.answer_content, captcha_id: '', captcha_code: '' }, postClientOf(request));
      return questionId;
    });
    return send(request, reply, await questionInfo(runtime, id, user, request.lang));
  });

  app.put('/question', doc(postingRoute('edit'), { body: editQuestionSchema, response: 'EditResult', summary: 'Edit a question' }), async (request, reply) => {
    const input = parseInput(editQuestionSchema, request.body);
    return send(request, reply, await editQuestion(runtime, request.user!, input));
  });

  app.delete('/question', doc(postingRoute('delete'), { body: deleteByIdSchema, response: null, summary: 'Delete a question' }), async (request, reply) => {
    const input = parseInput(deleteByIdSchema, request.body);
    await deleteQuestion(runtime, request.user!, input.id);
    return send(request, reply, null);
  });
}
