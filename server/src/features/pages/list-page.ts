import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.js';
import type { ShellContent } from '../../spa.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { describe } from './meta.js';
import { RENDERED_ROUTES } from './rendered-routes.js';
import { absoluteUrls, FEEDS, pageTitle } from './site-urls.js';

/** `/` and `/questions`: the site's head; the list is rendered by the app (features/pages/app-render.ts). */
export async function questionListContent(runtime: Runtime, request: FastifyRequest, pathname: string): Promise<ShellContent> {
  const settings = await loadSiteSettings(runtime);
  const absolute = absoluteUrls(settings, request);
  const { name, short_description, description } = settings.general;
  return {
    meta: {
      title: pageTitle(short_description, name),
      description: describe(description || short_description || name),
      canonical: absolute(pathname),
      type: 'website',
      siteName: name,
      feed: absolute(FEEDS.questions),
    },
    render: RENDERED_ROUTES.get(pathname)!,
  };
}
