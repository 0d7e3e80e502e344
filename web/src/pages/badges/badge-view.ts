import type { BadgeAward } from '../../api/badges';
import { questionPath } from '../../components/question-links';
import { BADGE_ICON_PATHS, FALLBACK_BADGE_ICON } from './badge-icons';

export const BADGE_LEVELS = ['bronze', 'silver', 'gold'] as const;
export type BadgeLevelName = (typeof BADGE_LEVELS)[number];

/** The level's name (1 bronze, 2 silver, 3 gold); anything else the server might send reads as bronze. */
export const levelName = (level: number): BadgeLevelName => BADGE_LEVELS[level - 1] ?? 'bronze';

/** An icon that is an image address rather than an icon name (plugins may give badges pictures). */
export const isImageIcon = (icon: string) => /^(https?:\/\/|\/|data:image\/)/i.test(icon);

/** The SVG paths of a named icon, the award's for a name this build does not carry. */
export const iconPaths = (icon: string): readonly string[] => BADGE_ICON_PATHS[icon] ?? BADGE_ICON_PATHS[FALLBACK_BADGE_ICON]!;

/** A badge's page, narrowed to one person's awards when `username` is given. */
export function badgePath(id: string, username?: string, page = 1): string {
  const query = new URLSearchParams();
  if (username) query.set('username', username);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/badges/${encodeURIComponent(id)}${text ? `?${text}` : ''}`;
}

/** The badge page's state in its address: `?username=&page=`. */
export function readBadgeDetailState(params: URLSearchParams): { username: string; page: number } {
  return {
    username: (params.get('username') ?? '').trim(),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * What an award was given for, when it was a post: the kind (question, answer or comment) and the
 * page that shows it. A comment opens the post it is on. Badges for the person (Autobiographer) have none.
 */
export function awardTarget(award: BadgeAward, permalink: number | undefined): { kind: 'question' | 'answer' | 'comment'; href: string } | null {
  if (!award.question_id) return null;
  const kind = award.object_type === 'answer' || award.object_type === 'comment' ? award.object_type : 'question';
  return { kind, href: questionPath(permalink, { id: award.question_id, url_title: award.url_title }, award.answer_id || undefined) };
}
