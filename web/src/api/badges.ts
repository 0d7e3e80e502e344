import { ADMIN_API_PREFIX, type AdminBadgeItem, API_PREFIX, type BadgeAwardItem, type BadgeGroupItem, type BadgeInfo, type BadgeStatusName, type UserBadgeItem } from '@answer/contract';
import { get, request } from './client';
import type { PageOf, UserBrief } from './post-types';

/** The badge replies are the server's own types (packages/contract), narrowed where the web needs more. */
export type { AdminBadgeItem as AdminBadge, BadgeGroupItem as BadgeGroup, BadgeInfo, BadgeLevel } from '@answer/contract';
export type BadgeStatus = BadgeStatusName;

/**
 * A badge as a card shows it: the list's items (with `award_count`) and a person's badges (without).
 * `earned_count` is how often the viewer, or the profile's owner, earned it.
 */
export type BadgeBrief = UserBadgeItem & { award_count?: number };

/** One award of a badge; the post ids are empty when the badge is for the person, not a post. */
export type BadgeAward = Omit<BadgeAwardItem, 'author_user_info'> & { author_user_info: UserBrief };

export interface BadgeAwardsQuery {
  badge_id: string;
  username?: string;
  page: number;
  page_size: number;
}

export interface AdminBadgesQuery {
  page: number;
  page_size: number;
  q?: string;
  status?: BadgeStatus;
}

export const getBadgeGroups = (signal?: AbortSignal) => get<BadgeGroupItem[]>(`${API_PREFIX}/badges`, { signal });

/** An unknown or deactivated badge is a 400 (domain.md 9.3): the page shows it as not found itself. */
export const getBadge = (id: string, signal?: AbortSignal) => get<BadgeInfo>(`${API_PREFIX}/badge`, { params: { id }, signal, passingError: true, allow404: true });

export const getBadgeAwards = (query: BadgeAwardsQuery, signal?: AbortSignal) =>
  get<PageOf<BadgeAward>>(`${API_PREFIX}/badge/awards/page`, { params: { ...query }, signal });

/**
 * A person's badges come as a bare list in the v1.4 swagger but as a page (`{count, list}`) from
 * upstream's handler: either is taken.
 */
export const listOf = <T>(data: T[] | PageOf<T> | null): T[] => (Array.isArray(data) ? data : (data?.list ?? []));

/** The same for a page that may come as a bare list (the admin badges, by the swagger). */
export const pageOf = <T>(data: T[] | PageOf<T> | null): PageOf<T> => (Array.isArray(data) ? { count: data.length, list: data } : { count: data?.count ?? 0, list: data?.list ?? [] });

export const getUserBadges = (username: string, signal?: AbortSignal) =>
  get<BadgeBrief[] | PageOf<BadgeBrief>>(`${API_PREFIX}/badge/user/awards`, { params: { username }, signal }).then(listOf);

/** The ten most recent of a person's badges, for the profile overview. */
export const getRecentUserBadges = (username: string, signal?: AbortSignal) =>
  get<BadgeBrief[] | PageOf<BadgeBrief>>(`${API_PREFIX}/badge/user/awards/recent`, { params: { username }, signal }).then(listOf);

export const getAdminBadges = (query: AdminBadgesQuery, signal?: AbortSignal) =>
  get<AdminBadgeItem[] | PageOf<AdminBadgeItem>>(`${ADMIN_API_PREFIX}/badges`, { params: { ...query }, signal }).then(pageOf);

export const setBadgeStatus = (id: string, status: BadgeStatus) => request<null>('PUT', `${ADMIN_API_PREFIX}/badge/status`, { body: { id, status } });
