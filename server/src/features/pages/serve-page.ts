import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../../known-routes.js';
import type { Runtime } from '../../runtime.js';
import { serveSpa, type ShellContent } from '../../spa.js';
import { isPluginPage } from '../plugin/web.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { questionListContent } from './list-page.js';
import { tagPageContent, userPageContent } from './profile-pages.js';
import { RENDERED_ROUTES } from './rendered-routes.js';

/**
 * Every page path without a route of its own (question pages have theirs, in
 * features/question/permalink-routes.ts): the app's shell, with the head and content of the pages
 * that have them, and status 404 for a path the app does not know.
 */
export async function servePage(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  if (!runtime.installed) return serveSpa(runtime, request.url, reply);
  return serveSpa(runtime, request.url, reply, await pageContent(runtime, request));
}

async function pageContent(runtime: Runtime, request: FastifyRequest): Promise<ShellContent> {
  // A private site answers every page alike, so no status tells what exists (domain.md 13.3).
  if ((await loadSiteSettings(runtime)).login.login_required) return {};
  const pathname = request.url.split('?')[0]!;
  const route = matchRoute(pathname);
  // A page an enabled plugin adds under the main layout is drawn by the app; a disabled one's is a 404.
  if (!route) return (await isPluginPage(runtime, pathname)) ? {} : { status: 404 };
  const last = () => decodeURIComponent(pathname.split('/').filter(Boolean).pop()!);
  switch (route) {
    case '/':
    case '/questions':
      return questionListContent(runtime, request, route);
    case '/tags/:tagName':
      return tagPageContent(runtime, request, last());
    case '/users/:username':
      return userPageContent(runtime, request, last());
    default:
      return { render: RENDERED_ROUTES.get(route) };
  }
}
