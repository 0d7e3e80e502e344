import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { pageParams } from '../../core/pagination.js';
import { parseInput } from '../../core/validate.js';
import { findUserByUsername } from '../user/queries.js';
import { myBookmarks } from './bookmarks.js';
import { reputationHistory } from './reputation.js';
import { myVotes } from './votes.js';

/** Longest page any personal list serves, whatever the client asks. */
const MAX_PAGE_SIZE = 100;

const pageQuery = z.object({
  page: z.coerce.number({ message: 'error.common.invalid' }).int({ message: 'error.common.invalid' }).optional(),
  page_size: z.coerce.number({ message: 'error.common.invalid' }).int({ message: 'error.common.invalid' }).optional(),
});
const userPageQuery = pageQuery.extend({
  username: z.string({ message: 'error.common.required' }).min(1, { message: 'error.common.required' }).max(100, { message: 'error.common.too_long' }),
});

const pageOfQuery = (query: z.infer<typeof pageQuery>) => {
  const p = pageParams(query, 20);
  const pageSize = Math.min(p.pageSize, MAX_PAGE_SIZE);
  return { pageSize, offset: (p.page - 1) * pageSize };
};

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
