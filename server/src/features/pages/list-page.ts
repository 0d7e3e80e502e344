import { questionPageQuery } from '@answer/contract';
import type { FastifyRequest } from 'fastify';
import { toLongId } from '../../core/ids.js';
import type { Runtime } from '../../runtime.js';
import type { ShellContent } from '../../spa.js';
import { questionPage } from '../question/list.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { escapeHtml as e } from './html-escape.js';
import { describe } from './meta.js';
import { absoluteUrls, FEEDS, pageTitle } from './site-urls.js';

/** `/` and `/questions`: head and the listed titles as links, for the page the query asks for. */
export async function questionListContent(runtime: Runtime, request: FastifyRequest, pathname: string): Promise<ShellContent> {
  const settings = await loadSiteSettings(runtime);
  // An odd query is the app's to complain about; the snapshot then shows the first page.
  const parsed = questionPageQuery.safeParse(request.query);
  const page = await questionPage(runtime, parsed.success ? parsed.data : questionPageQuery.parse({}));
  const absolute = absoluteUrls(settings, request);
  const { name, short_description, description } = settings.general;
  const links = page.list
    .map((q) => `<li class="py-2 border-bottom"><a href="${e(questionPath(settings.seo.permalink, toLongId(q.id) ?? q.id, q.title))}">${e(q.title)}</a></li>`)
    .join('');
  return {
    meta: {
      title: pageTitle(short_description, name),
      description: describe(description || short_description || name),
      canonical: absolute(pathname),
      type: 'website',
      siteName: name,
      feed: absolute(FEEDS.questions),
    },
    body: `<main class="container py-4"><h1 class="h4">${e(name)}</h1><ul class="list-unstyled">${links}</ul></main>`,
  };
}
