import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.js';
import { serveSpa } from '../../spa.js';
import { loadSiteSettings } from '../siteinfo/service.js';
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
    const target = await canonicalPath(runtime, segments);
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

async function canonicalPath(runtime: Runtime, segments: string[]): Promise<string | null> {
  const parsed = parseQuestionPath(segments);
  if (!parsed) return null;
  const question = await runtime.database.selectFrom('question').select(['title']).where('id', '=', parsed.questionId).executeTakeFirst();
  if (!question) return null;
  const style = (await loadSiteSettings(runtime)).seo.permalink;
  return encodeURI(questionPath(style, parsed.questionId, question.title, parsed.answerId));
}
