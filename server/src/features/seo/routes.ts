import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveSpa } from '../../spa.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { answersFeed, questionsFeed, tagFeed } from './feeds.js';
import { openSearchXml } from './opensearch.js';
import { sitemapIndexXml, sitemapPageXml } from './sitemap.js';

const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';
const OPENSEARCH = 'application/opensearchdescription+xml; charset=utf-8';

type Params = { file: string };

/**
 * What search engines and feed readers read (issue 15): sitemaps (domain.md 13.3 paths), the
 * OpenSearch description and Atom feeds. A private site, and one not installed yet, has none of
 * them: the 404 page, as domain.md 13.3 says for sitemaps and OpenSearch.
 */
export async function seoRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) => {
    // Before installation the web app would send the visitor to the installer instead.
    if (!runtime.installed) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return serveSpa(runtime, request.url, reply.code(404));
  };
  /** Answers `body` (null: no such document) with the type, or the 404 page when the site shows nothing. */
  const serve = (type: string, body: (params: Params) => Promise<string | null>) => async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    if (!runtime.installed || (await loadSiteSettings(runtime)).login.login_required) return notFoundPage(request, reply);
    const xml = await body(request.params);
    if (xml === null) return notFoundPage(request, reply);
    return reply.type(type).send(xml);
  };
  const route = { config: { access: 'none' as const } };

  app.get('/sitemap.xml', route, serve(XML, () => sitemapIndexXml(runtime)));
  app.get<{ Params: Params }>('/sitemap/:file', route, serve(XML, async ({ file }) => {
    const page = /^question-([1-9]\d{0,8})\.xml$/.exec(file)?.[1];
    return page ? sitemapPageXml(runtime, Number(page)) : null;
  }));
  app.get('/opensearch.xml', route, serve(OPENSEARCH, async () => openSearchXml(await loadSiteSettings(runtime))));
  app.get('/feeds/questions.atom', route, serve(ATOM, () => questionsFeed(runtime)));
  app.get<{ Params: Params }>('/feeds/tags/:file', route, serve(ATOM, async ({ file }) => (file.endsWith('.atom') ? tagFeed(runtime, file.slice(0, -5)) : null)));
  app.get<{ Params: Params }>('/feeds/questions/:file', route, serve(ATOM, async ({ file }) => (file.endsWith('.atom') ? answersFeed(runtime, file.slice(0, -5)) : null)));
}
