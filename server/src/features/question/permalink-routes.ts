import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { serveSpa } from '../../spa.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { canSeeQuestion } from '../visibility/rules.js';
import { parseQuestionPath, questionPath } from './permalink.js';

/**
 * Question pages: any id form or title redirects (302, query kept) to the canonical URL of the
 * site's permalink style, then the web app renders the page. /questions/ask stays the app's.
 */
export async function permalinkRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query] = splitUrl(request.url);
    const segments = pathname.split('/').slice(2).map(decodeURIComponent);
    if (segments[0] === 'ask' || !runtime.installed) return serveSpa(runtime, request.url, reply);
    // A private site shows nothing to a page request (domain.md 13.3): a redirect to the canonical
    // URL would give away that the question exists, and in styles 1 and 3 its title.
    if ((await loadSiteSettings(runtime)).login.login_required) return serveSpa(runtime, request.url, reply);
    const target = await canonicalPath(runtime, request.user, segments);
    if (target && target !== pathname) return reply.redirect(target + query, 302);
    return serveSpa(runtime, request.url, reply);
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
 * The canonical URL, or null to leave the URL as it is. A question the caller may not see gets no
 * redirect: the canonical URL would carry its title.
 */
async function canonicalPath(runtime: Runtime, user: SessionUser | null, segments: string[]): Promise<string | null> {
  const parsed = parseQuestionPath(segments);
  if (!parsed) return null;
  const question = await runtime.database.selectFrom('question').select(['title', 'status', 'user_id']).where('id', '=', parsed.questionId).executeTakeFirst();
  if (!question || !canSeeQuestion(user, question, await loadThresholds(runtime))) return null;
  const style = (await loadSiteSettings(runtime)).seo.permalink;
  return encodeURI(questionPath(style, parsed.questionId, question.title, parsed.answerId));
}
