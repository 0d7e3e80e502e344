/**
 * Where a custom page may live: words of lower-case letters, digits and `-`, with `/` between them
 * (`about`, `help/rules`). No dots and no empty segments, so a path can only ever name a page, and
 * never under a first segment the app or the server answers itself.
 */
export const PAGE_PATH = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;
export const MAX_PATH = 100;

/**
 * First segments of the app's own pages (web/src/app/routes.tsx) and of what the server answers
 * outside the API. Names with a dot (robots.txt, sitemap.xml, custom.css, favicon.ico,
 * manifest.json) cannot match PAGE_PATH, so they need no entry.
 */
export const RESERVED = new Set([
  'questions',
  'posts',
  'tags',
  'users',
  'user-center',
  'badges',
  'search',
  'admin',
  'review',
  'install',
  'maintenance',
  'answer',
  'plugins',
  'static',
  'uploads',
  'feeds',
  'sitemap',
  'healthz',
  'tos',
  'privacy',
  '403',
  '404',
  '50x',
]);

export type PathProblem = { kind: 'format' } | { kind: 'reserved'; segment: string };

/** What is wrong with a page path, or null for one a page may have. */
export function pathProblem(path: string): PathProblem | null {
  if (!PAGE_PATH.test(path)) return { kind: 'format' };
  const segment = path.split('/')[0]!;
  return RESERVED.has(segment) ? { kind: 'reserved', segment } : null;
}

export const isPagePath = (path: unknown): path is string => typeof path === 'string' && pathProblem(path) === null;
