import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { serveSpa } from '../../spa.js';
import { questionPageContent } from '../pages/question-page.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { canSeeQuestion } from '../visibility/rules.js';
import { parseQuestionPath, questionPath } from './permalink.js';
import { Q } from './service.js';

/**
 * Question pages: any id form or title redirects (301, query kept) to the canonical URL of the
 * site's permalink style, which is served rendered (features/pages). An unknown question, or one
 * the reader may not see, is the app's 404 page with status 404; a deleted one 410 (gone for good,
 * so search engines drop it). /questions/ask stays the app's.
 */
export async function permalinkRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query] = splitUrl(request.url);
    const segments = pathname.split('/').slice(2).map(decodeURIComponent);
    if (segments[0] === 'ask' || !runtime.installed) return serveSpa(runtime, request.url, reply);
    // A private site shows nothing to a page request (domain.md 13.3): a redirect to the canonical
    // URL or a 404 would give away whether the question exists, and in styles 1 and 3 its title.
    if ((await loadSiteSettings(runtime)).login.login_required) return serveSpa(runtime, request.url, reply);
    const found = await findForPage(runtime, request.user, segments);
    if (typeof found === 'number') return serveSpa(runtime, request.url, reply, { status: found });
    if (found.path !== pathname) return reply.redirect(found.path + query, 301);
    return serveSpa(runtime, request.url, reply, await questionPageContent(runtime, request, found.questionId));
  };
  app.get('/questions/:a', handler);
  app.get('/questions/:a/:b', handler);
  app.get('/questions/:a/:b/:c', handler);
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}

/**
 * The question and its canonical URL, or the status of a page without one. A question the caller
 * may not see gets no redirect: the canonical URL would carry its title.
 */
async function findForPage(runtime: Runtime, user: SessionUser | null, segments: string[]): Promise<{ questionId: string; path: string } | number> {
  const parsed = parseQuestionPath(segments);
  if (!parsed) return 404;
  const question = await runtime.database.selectFrom('question').select(['title', 'status', 'user_id']).where('id', '=', parsed.questionId).executeTakeFirst();
  if (!question) return 404;
  if (!canSeeQuestion(user, question, await loadThresholds(runtime))) return Number(question.status) === Q.deleted ? 410 : 404;
  const style = (await loadSiteSettings(runtime)).seo.permalink;
  return { questionId: parsed.questionId, path: encodeURI(questionPath(style, parsed.questionId, question.title, parsed.answerId)) };
}
