import { type RouteObject, useMatches } from 'react-router';
import type { IconName } from '../components/icons/Icon';

/** The areas the side navigation links to; a route belongs to at most one. */
export type NavSection = 'questions' | 'tags' | 'users' | 'badges' | 'ai';

/** `aiOnly`: shown only when the site has the assistant on (siteinfo `ai_enabled`). */
export const NAV_LINKS: readonly { to: string; key: string; section: NavSection; icon: IconName; aiOnly?: boolean }[] = [
  { to: '/questions', key: 'nav.questions', section: 'questions', icon: 'question-circle-fill' },
  { to: '/tags', key: 'nav.tags', section: 'tags', icon: 'tags-fill' },
  { to: '/users', key: 'nav.users', section: 'users', icon: 'people-fill' },
  { to: '/badges', key: 'nav.badges', section: 'badges', icon: 'award-fill' },
  { to: '/ai', key: 'nav.ai', section: 'ai', icon: 'chat-dots', aiOnly: true },
];

interface SectionHandle {
  navSection: NavSection;
}

/**
 * Marks routes as pages of a navigation section. The link is lit by the route that actually
 * matched, not by the URL's prefix: /users/login and /users/settings start like the user list but
 * are no part of it.
 */
export const inSection = (navSection: NavSection, routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, handle: { navSection } satisfies SectionHandle }));

/** The section of the deepest matched route that has one. */
export function sectionOf(matches: readonly { handle?: unknown }[]): NavSection | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<SectionHandle> | undefined;
    if (handle?.navSection) return handle.navSection;
  }
  return null;
}

export const useNavSection = () => sectionOf(useMatches());
