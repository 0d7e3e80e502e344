import { commentPageQuery, commentSchema, deleteCommentSchema, editCommentSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { guardDuplicate } from '../../core/duplicate.js';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { postingRoute } from '../captcha/throttle.js';
import { postClientOf } from '../review/gate.js';
import { anonymousCommentPage, commentPage, presentComments } from './list.js';
import { addComment, deleteComment, editComment, findComment } from './service.js';
import { doc } from '../openapi/declare.js';
import { readRoute } from '../pages/reader-reads.js';

export async function commentRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  readRoute(app, '/comment/page', { config: { access: 'public', openapi: { query: commentPageQuery, response: 'CommentPage' }, cachedSession: true } }, async (input) => {
    const query = parseInput(commentPageQuery, input.query);
    // Visitors get the shared page's stored bodies; with no comment, so does everyone.
    if (!input.user) {
      const page = await anonymousCommentPage(runtime, query, input.lang);
      return { reply: page, sameForEveryReader: !page.data.list.length };
    }
    return { reply: { data: await commentPage(runtime, query, input.user, input.lang) } };
  });

  app.post('/comment', doc(postingRoute('comment'), { body: commentSchema, response: 'CommentItem', summary: 'Comment on a post' }), async (request, reply) => {
    const input = parseInput(commentSchema, request.body);
    const user = request.user!;
    const id = await guardDuplicate(runtime.shared, user.id, '/comment', input, () => addComment(runtime, user, input, postClientOf(request)));
    const [comment] = await presentComments(runtime, [(await findComment(runtime.database, id))!], user, request.lang);
    return send(request, reply, comment);
  });

  app.put('/comment', doc(postingRoute('edit'), { body: editCommentSchema, response: null }), async (request, reply) => {
    const input = parseInput(editCommentSchema, request.body);
    await editComment(runtime, request.user!, input);
    return send(request, reply, null);
  });

  app.delete('/comment', doc(postingRoute('delete'), { body: deleteCommentSchema, response: null }), async (request, reply) => {
    const input = parseInput(deleteCommentSchema, request.body);
    await deleteComment(runtime, request.user!, input.comment_id);
    return send(request, reply, null);
  });
}
