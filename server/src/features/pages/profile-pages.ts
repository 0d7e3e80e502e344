import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { plainText, renderBasic } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import type { ShellContent } from '../../spa.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagInfo } from '../tag/info.js';
import { findUserByUsername } from '../user/queries.js';
import { describe } from './meta.js';
import { RENDERED_ROUTES } from './rendered-routes.js';
import { absoluteUrls, FEEDS, pageTitle, tagPath, userPath } from './site-urls.js';

const DELETED_USER = 10;

/** `/tags/{slug}`: the tag's head (a synonym's page names its main tag); 404 for an unknown tag. */
export async function tagPageContent(runtime: Runtime, request: FastifyRequest, slug: string): Promise<ShellContent> {
  let tag: Awaited<ReturnType<typeof tagInfo>>;
  try {
    tag = await tagInfo(runtime, { tag_name: slug }, null, request.lang);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { status: 404 };
    throw error;
  }
  const settings = await loadSiteSettings(runtime);
  const absolute = absoluteUrls(settings, request);
  return {
    meta: {
      title: pageTitle(tag.display_name, settings.general.name),
      description: describe(tag.excerpt || settings.general.description || tag.display_name),
      canonical: absolute(tagPath(tag.slug_name)),
      type: 'website',
      siteName: settings.general.name,
      feed: absolute(FEEDS.tag(tag.slug_name)),
    },
    render: RENDERED_ROUTES.get('/tags/:tagName'),
  };
}

/** `/users/{username}`: the person's head; 404 for an unknown or deleted account. */
export async function userPageContent(runtime: Runtime, request: FastifyRequest, username: string): Promise<ShellContent> {
  const user = await findUserByUsername(runtime.database, username);
  if (!user || Number(user.status) === DELETED_USER) return { status: 404 };
  const settings = await loadSiteSettings(runtime);
  const absolute = absoluteUrls(settings, request);
  const name = user.display_name || user.username;
  return {
    meta: {
      title: pageTitle(name, settings.general.name),
      description: describe(plainText(renderBasic(user.bio)) || name),
      canonical: absolute(userPath(user.username)),
      type: 'profile',
      siteName: settings.general.name,
    },
    render: RENDERED_ROUTES.get('/users/:username'),
  };
}
