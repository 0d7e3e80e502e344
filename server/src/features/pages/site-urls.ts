import type { FastifyRequest } from 'fastify';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import type { SiteSettings } from '../siteinfo/service.js';

/** Turns site paths into absolute URLs: the configured site URL, else the address the request came to. */
export function absoluteUrls(settings: SiteSettings, request: FastifyRequest): (path: string) => string {
  const base = parseSiteUrl(settings.general.site_url) ?? `${request.protocol}://${request.host}`;
  return (path) => base + path;
}

/** Paths of the app's pages that server-rendered content links to. */
export const tagPath = (slug: string) => `/tags/${encodeURIComponent(slug)}`;
export const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** The Atom feeds (features/seo) pages announce. */
export const FEEDS = {
  questions: '/feeds/questions.atom',
  tag: (slug: string) => `/feeds/tags/${encodeURIComponent(slug)}.atom`,
  question: (id: string) => `/feeds/questions/${id}.atom`,
};

/** "Page – Site", or the site name alone. */
export const pageTitle = (page: string, siteName: string) => (page ? `${page} – ${siteName}` : siteName);
