import { answerPageQuery } from '@answer/contract';
import type { FastifyRequest } from 'fastify';
import { toLongId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import type { ShellContent } from '../../spa.js';
import { answerPage } from '../answer/list.js';
import { VISIT_COOKIE } from '../auth/common.js';
import { questionInfo } from '../question/info.js';
import { questionPath } from '../question/permalink.js';
import { countView, viewerOf } from '../question/views.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import type { UserBasicInfo } from '../user/basic.js';
import { escapeHtml as e } from './html-escape.js';
import { qaPageJsonLd } from './json-ld.js';
import { describe } from './meta.js';
import { absoluteUrls, FEEDS, pageTitle, tagPath, userPath } from './site-urls.js';

type Info = Awaited<ReturnType<typeof questionInfo>>;
type AnswerList = Awaited<ReturnType<typeof answerPage>>;

/**
 * A question page as an anonymous reader gets it (the server does not know who reads a page):
 * head, a snapshot of the question and its first page of answers, and the same JSON as
 * question/info and answer/page, so the app starts without asking for them.
 */
export async function questionPageContent(runtime: Runtime, request: FastifyRequest, questionId: string): Promise<ShellContent> {
  const settings = await loadSiteSettings(runtime);
  // The query the web's answer list makes first (web/src/pages/questions/detail/Answers.tsx).
  const answerQuery = answerPageQuery.parse({ question_id: questionId, order: 'default', page: 1, page_size: 20 });
  const [info, answers] = await Promise.all([
    questionInfo(runtime, questionId, null, request.lang),
    answerPage(runtime, answerQuery, null, request.lang),
  ]);
  // The app counts the view through question/info, which an anonymous reader now skips. A visit
  // cookie means someone signed in, whose app asks question/info (and counts) as that user; a HEAD
  // request (link checkers) reads nothing.
  if (request.method === 'GET' && !request.cookies[VISIT_COOKIE]) await countView(runtime.database, questionId, viewerOf(request));

  const style = settings.seo.permalink;
  const absolute = absoluteUrls(settings, request);
  const path = questionPath(style, questionId, info.title);
  const answerPathOf = (id: string) => questionPath(style, questionId, info.title, toLongId(id) ?? id);
  const siteName = settings.general.name;
  return {
    meta: {
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
    },
    body: questionSnapshot(info, answers, path, answerPathOf),
    data: { question: { id: info.id, info, answers } },
  };
}

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Author and date; an answer's date links to the answer, as its permalink. */
function byline(user: UserBasicInfo | null, created: number, link?: string): string {
  const name = user ? `<a href="${e(userPath(user.username))}">${e(user.display_name || user.username)}</a> ` : '';
  const time = `<time datetime="${isoDate(created)}">${isoDate(created).slice(0, 10)}</time>`;
  return `<p class="small text-secondary">${name}${link ? `<a class="link-secondary" href="${e(link)}">${time}</a>` : time}</p>`;
}

/**
 * Plain semantic HTML in the site's CSS, readable without JavaScript. Post HTML goes in as stored:
 * it was sanitised when it was written (core/markdown.ts); every other text is escaped.
 */
function questionSnapshot(info: Info, answers: AnswerList, path: string, answerPathOf: (id: string) => string): string {
  const tags = info.tags.map((t) => `<li class="list-inline-item"><a class="badge text-bg-light" href="${e(tagPath(t.slug_name))}">${e(t.display_name)}</a></li>`).join('');
  const answerItems = answers.list
    .map(
      (a) =>
        `<article id="answer-${e(a.id)}" class="border-top pt-3 mt-3"><div class="post-html">${a.html}</div>` +
        `${byline(a.user_info, a.create_time, answerPathOf(a.id))}</article>`,
    )
    .join('');
  return (
    '<main class="container py-4">' +
    `<article><h1 class="h3"><a class="link-body-emphasis text-decoration-none" href="${e(path)}">${e(info.title)}</a></h1>` +
    (tags ? `<ul class="list-inline">${tags}</ul>` : '') +
    `<div class="post-html">${info.html}</div>${byline(info.user_info, info.create_time)}</article>` +
    (answerItems ? `<section class="mt-4">${answerItems}</section>` : '') +
    '</main>'
  );
}
