import { commentPageQuery, commentSchema, deleteCommentSchema, editCommentSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { guardDuplicate } from '../../core/duplicate.js';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { checkCaptcha, countAttempt } from '../captcha/service.js';
import { commentPage, presentComments } from './list.js';
import { addComment, deleteComment, editComment, findComment } from './service.js';

export async function commentRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const auth = { config: { access: 'auth' as const } };

  app.get('/comment/page', { config: { access: 'public' } }, async (request, reply) =>
    send(request, reply, await commentPage(runtime, parseInput(commentPageQuery, request.query), request.user, request.lang)),
  );

  app.post('/comment', auth, async (request, reply) => {
    const input = parseInput(commentSchema, request.body);
    const user = request.user!;
    const id = await guardDuplicate(runtime.cache, user.id, '/comment', input, async () => {
      await checkCaptcha(runtime, 'comment', `user:${user.id}`, user, input);
      await countAttempt(runtime, 'comment', `user:${user.id}`);
      return addComment(runtime, user, input);
    });
    const [comment] = await presentComments(runtime, [(await findComment(runtime.database, id))!], user, request.lang);
    return send(request, reply, comment);
  });

  app.put('/comment', auth, async (request, reply) => {
    const input = parseInput(editCommentSchema, request.body);
    await checkCaptcha(runtime, 'edit', `user:${request.user!.id}`, request.user, input);
    await countAttempt(runtime, 'edit', `user:${request.user!.id}`);
    await editComment(runtime, request.user!, input);
    return send(request, reply, null);
  });

  app.delete('/comment', auth, async (request, reply) => {
    const input = parseInput(deleteCommentSchema, request.body);
    await checkCaptcha(runtime, 'delete', `user:${request.user!.id}`, request.user, input);
    await countAttempt(runtime, 'delete', `user:${request.user!.id}`);
    await deleteComment(runtime, request.user!, input.comment_id);
    return send(request, reply, null);
  });
}
