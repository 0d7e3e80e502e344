import type { FastifyInstance } from 'fastify';
import { ownListQuery, personalPageQuery, personalUserQuery, reputationPageQuery } from '@answer/contract';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { findUserByUsername } from '../user/queries.js';
import { myBookmarks } from './bookmarks.js';
import { answerPage, commentPage, questionPage, topPosts } from './posts.js';
import { publicProfile } from './profile.js';
import { reputationHistory } from './reputation.js';
import { ViewerScope } from './scope.js';
import { myVotes } from './votes.js';
import { cachedPage, cachedReaderPage } from '../question/list-cache.js';
import { readRoute } from '../pages/reader-reads.js';


const pageOfQuery = ({ page, page_size }: z.infer<typeof ownListQuery>) => ({ pageSize: page_size, offset: (page - 1) * page_size });

/** The person a public page is about: unknown and deleted accounts are both 404 (domain.md 6.6). */
async function personNamed(runtime: Runtime, username: string) {
  const user = await findUserByUsername(runtime.database, username);
  if (!user || Number(user.status) === 10) throw notFound('error.user.not_found');
  return user;
}

const scopeOf = async (runtime: Runtime, viewer: SessionUser | null) => new ViewerScope(viewer, await loadThresholds(runtime));

/**
 * A person's public pages (domain.md 6.6) and the personal lists of 3.4, 5.7 and 5.15: profile,
 * top posts, questions, answers, comments, reputation history, own votes, own bookmarks.
 */
export async function personalRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/personal/user/info', { config: { access: 'public', openapi: { query: personalUserQuery, response: 'PublicProfile' }, sameForEveryReader: true } }, async (request, reply) => {
    const query = parseInput(personalUserQuery, request.query);
    const user = await personNamed(runtime, query.username);
    return send(request, reply, await publicProfile(runtime, user, request.lang));
  });

  // A profile's top posts, kept a few seconds like the lists: for visitors once, for each member as
  // they may see them (their own pending posts, staff the deleted ones). A member's profile page
  // asks for it on every view (features/pages/app-render.ts).
  readRoute(app, '/personal/qa/top', { config: { access: 'public', openapi: { query: personalUserQuery, response: 'PersonalTop' }, cachedSession: true } }, async ({ query, user }) => {
    const authorId = String((await personNamed(runtime, parseInput(personalUserQuery, query).username)).id);
    const key = ['personal-top', authorId];
    const load = async () => topPosts(runtime, authorId, await scopeOf(runtime, user));
    return { reply: user ? await cachedReaderPage(runtime, user, await loadThresholds(runtime), key, load) : await cachedPage(runtime, key, load) };
  });

  const PERSONAL_LIST_TYPES = { '/personal/question/page': 'PersonalQuestionPage', '/personal/answer/page': 'PersonalAnswerPage', '/personal/comment/page': 'PersonalCommentPage' };
  for (const [path, list] of [
    ['/personal/question/page', questionPage],
    ['/personal/answer/page', answerPage],
    ['/personal/comment/page', commentPage],
  ] as const) {
    app.get(path, { config: { access: 'public', openapi: { query: personalPageQuery, response: PERSONAL_LIST_TYPES[path] } } }, async (request, reply) => {
      const query = parseInput(personalPageQuery, request.query);
      const user = await personNamed(runtime, query.username);
      const scope = await scopeOf(runtime, request.user);
      return send(request, reply, await list(runtime, String(user.id), scope, query.order, pageOfQuery(query)));
    });
  }

  app.get('/personal/rank/page', { config: { access: 'public', openapi: { query: reputationPageQuery, response: 'ReputationPage' } } }, async (request, reply) => {
    const query = parseInput(reputationPageQuery, request.query);
    const user = await personNamed(runtime, query.username);
    return send(request, reply, await reputationHistory(runtime, request.user, String(user.id), pageOfQuery(query), request.lang));
  });

  app.get('/personal/vote/page', { config: { access: 'auth', openapi: { query: ownListQuery, response: 'PersonalVotePage' } } }, async (request, reply) => {
    const query = parseInput(ownListQuery, request.query);
    return send(request, reply, await myVotes(runtime, request.user!, pageOfQuery(query), request.lang));
  });

  app.get('/personal/collection/page', { config: { access: 'auth', openapi: { query: ownListQuery, response: 'BookmarkPage' } } }, async (request, reply) => {
    const query = parseInput(ownListQuery, request.query);
    return send(request, reply, await myBookmarks(runtime, request.user!.id, pageOfQuery(query)));
  });
}
