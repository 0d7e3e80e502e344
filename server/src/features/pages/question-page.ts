import { answerPageQuery } from '@answer/contract';
import type { FastifyRequest } from 'fastify';
import { toLongId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import type { ShellContent } from '../../spa.js';
import { answerPage } from '../answer/list.js';
import { VISIT_COOKIE } from '../auth/common.js';
import { questionInfo } from '../question/info.js';
import { countView, viewerOf } from '../question/views.js';
import { cachedPage } from '../question/list-cache.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { qaPageJsonLd } from './json-ld.js';
import { describe, type PageMeta } from './meta.js';
import { QUESTION_PAGE } from './rendered-routes.js';
import { absoluteUrls, FEEDS, pageTitle } from './site-urls.js';

/**
 * A question page: its head (title, description, canonical URL, JSON-LD) as anyone may read it,
 * and the page itself rendered by the app for its reader (features/pages/app-render.ts), whose
 * question/info call counts the view.
 */
export async function questionPageContent(runtime: Runtime, request: FastifyRequest, questionId: string): Promise<ShellContent> {
  const settings = await loadSiteSettings(runtime);
  const absolute = absoluteUrls(settings, request);
  // The head is the same for every reader of this question, language and address: built once per
  // content generation (like the visitors' API pages), not for every request.
  const head = await cachedPage(runtime, ['question-head', questionId, request.lang, absolute('/')], () => questionHead(runtime, request.lang, questionId, absolute));
  // Visitors' pages are rendered once for all of them (app-render.ts): their view is counted here.
  // Counting is once per viewer, so the render's own question/info call adds nothing.
  if (request.method === 'GET' && !request.cookies[VISIT_COOKIE]) await countView(runtime.database, questionId, viewerOf(request));
  return { meta: head.data, render: QUESTION_PAGE };
}

/** Title, description, canonical URL, feed and JSON-LD of a question as anyone may read it (404 if they may not). */
async function questionHead(runtime: Runtime, lang: string, questionId: string, absolute: (path: string) => string): Promise<PageMeta> {
  const settings = await loadSiteSettings(runtime);
  // The query the web's answer list makes first (web/src/pages/questions/detail/Answers.tsx).
  const answerQuery = answerPageQuery.parse({ question_id: questionId, order: 'default', page: 1, page_size: 20 });
  const [info, answers] = await Promise.all([questionInfo(runtime, questionId, null, lang), answerPage(runtime, answerQuery, null, lang)]);
  const style = settings.seo.permalink;
  const path = questionPath(style, questionId, info.title);
  const answerPathOf = (id: string) => questionPath(style, questionId, info.title, toLongId(id) ?? id);
  const siteName = settings.general.name;
  return {
    title: pageTitle(info.title, siteName),
    description: describe(excerpt(info.html, 400)),
    canonical: absolute(path),
    type: 'article',
    siteName,
    feed: absolute(FEEDS.question(questionId)),
    jsonLd: qaPageJsonLd({
      question: info,
      url: absolute(path),
      answers: answers.list.map((a) => ({ answer: a, url: absolute(answerPathOf(a.id)), accepted: a.id === info.accepted_answer_id })),
      absolute,
    }),
  };
}
