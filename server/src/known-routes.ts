/**
 * The web app's page paths (web/src/app/routes.tsx, written out in full), so the server can answer
 * an unknown path with status 404 while still sending the app, which shows its 404 page.
 * test/known-routes.test.ts reads routes.tsx and fails when the two lists drift apart.
 * `:name` is one segment, `:name?` an optional last one.
 */
export const KNOWN_ROUTES: readonly string[] = [
  '/',
  '/install',
  '/maintenance',
  '/403',
  '/404',
  '/50x',
  // Main layout.
  '/questions',
  '/questions/ask',
  '/questions/:qid',
  '/questions/:qid/:slugPermalink',
  '/questions/:qid/:slugPermalink/:aid',
  '/posts/:qid/edit',
  '/posts/:qid/:aid/edit',
  '/posts/:qid/timeline',
  '/posts/:qid/:aid/timeline',
  '/search',
  '/tags',
  '/tags/create',
  '/tags/:tagName',
  '/tags/:tagName/info',
  '/tags/:tagId/edit',
  '/tags/:tid/timeline',
  '/users',
  '/users/:username',
  '/users/:username/:tabName',
  '/users/settings',
  '/users/settings/profile',
  '/users/settings/notify',
  '/users/settings/account',
  '/users/settings/interface',
  '/users/settings/:slug_name',
  '/users/notifications/:type/:subType?',
  '/review',
  '/badges',
  '/badges/:badge_id',
  '/ai/:conversationId?',
  // Account flow and legal pages.
  '/users/login',
  '/users/register',
  '/users/logout',
  '/users/account-recovery',
  '/users/change-email',
  '/users/password-reset',
  '/users/account-activation',
  '/users/account-activation/success',
  '/users/account-activation/failed',
  '/users/confirm-new-email',
  '/users/account-suspended',
  '/users/confirm-email',
  '/users/auth-landing',
  '/user-center/auth',
  '/user-center/auth-failed',
  '/users/unsubscribe',
  '/tos',
  '/privacy',
  // Admin console.
  '/admin',
  '/admin/dashboard',
  '/admin/answers',
  '/admin/questions',
  '/admin/themes',
  '/admin/css-html',
  '/admin/general',
  '/admin/interface',
  '/admin/users',
  '/admin/users/:user_id',
  '/admin/moderation-log',
  '/admin/smtp',
  '/admin/branding',
  '/admin/legal',
  '/admin/write',
  '/admin/seo',
  '/admin/login',
  '/admin/settings-users',
  '/admin/privileges',
  '/admin/security',
  '/admin/question',
  '/admin/review-rules',
  '/admin/installed-plugins',
  '/admin/badges',
  '/admin/api-keys',
  '/admin/webhooks',
  '/admin/webhooks/:webhook_id',
  '/admin/ai',
  '/admin/ai-conversations',
  '/admin/:slug_name',
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string[], path: string[]): boolean {
  const required = pattern.filter((s) => !s.endsWith('?')).length;
  if (path.length < required || path.length > pattern.length) return false;
  return path.every((segment, i) => pattern[i]!.startsWith(':') || pattern[i] === segment);
}

const PATTERNS = KNOWN_ROUTES.map((route) => ({ route, segments: segmentsOf(route) }));
const staticCount = (segments: string[]) => segments.filter((s) => !s.startsWith(':')).length;

/**
 * The route a path shows, or null when the app has none. As in the router, a static segment beats
 * a parameter: /users/login is the login page, not the profile of "login".
 */
export function matchRoute(pathname: string): string | null {
  let path: string[];
  try {
    path = segmentsOf(pathname).map(decodeURIComponent);
  } catch {
    return null;
  }
  let best: { route: string; segments: string[] } | null = null;
  for (const p of PATTERNS) {
    if (matches(p.segments, path) && (!best || staticCount(p.segments) > staticCount(best.segments))) best = p;
  }
  return best?.route ?? null;
}
