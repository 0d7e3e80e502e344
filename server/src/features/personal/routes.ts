import type { FastifyInstance } from 'fastify';
import { pageNumber, pageSize, text } from '@answer/contract';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import { findUserByUsername } from '../user/queries.js';
import { myBookmarks } from './bookmarks.js';
import { reputationHistory } from './reputation.js';
import { myVotes } from './votes.js';

const pageQuery = z.object({ page: pageNumber(), page_size: pageSize(20) });
const userPageQuery = pageQuery.extend({
  username: text('error.common.required').min(1, { message: 'error.common.required' }).max(100, { message: 'error.common.too_long' }),
});

const pageOfQuery = ({ page, page_size }: z.infer<typeof pageQuery>) => ({ pageSize: page_size, offset: (page - 1) * page_size });

/** The personal lists of domain.md 3.4, 5.7 and 5.15: reputation history, own votes, own bookmarks. */
export async function personalRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/personal/rank/page', { config: { access: 'public' } }, async (request, reply) => {
    const query = parseInput(userPageQuery, request.query);
    const user = await findUserByUsername(runtime.database, query.username);
    if (!user || Number(user.status) === 10) throw notFound('error.user.not_found');
    return send(request, reply, await reputationHistory(runtime, request.user, String(user.id), pageOfQuery(query), request.lang));
  });

  app.get('/personal/vote/page', { config: { access: 'auth' } }, async (request, reply) => {
    const query = parseInput(pageQuery, request.query);
    return send(request, reply, await myVotes(runtime, request.user!, pageOfQuery(query), request.lang));
  });

  app.get('/personal/collection/page', { config: { access: 'auth' } }, async (request, reply) => {
    const query = parseInput(pageQuery, request.query);
    return send(request, reply, await myBookmarks(runtime, request.user!.id, pageOfQuery(query)));
  });
}
