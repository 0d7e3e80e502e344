import { ADMIN_API_PREFIX, API_PREFIX } from '@answer/contract';
import { get, request } from './client';
import type { PageOf, UserBrief } from './post-types';

/** 1 bronze, 2 silver, 3 gold (domain.md 9.2). */
export type BadgeLevel = 1 | 2 | 3;

/** A badge as the list and the profile show it; `earned_count` is how often the viewer (or the profile's owner) earned it. */
export interface BadgeBrief {
  id: string;
  name: string;
  /** A Bootstrap icon name (`person-badge-fill`) or an image address. */
  icon: string;
  award_count?: number;
  earned_count: number;
  level: BadgeLevel;
}

/** GET badges: the active badges by group. */
export interface BadgeGroup {
  group_name: string;
  badges: BadgeBrief[];
}

/** GET badge?id=: one badge; the description is server-made HTML (it may hold a link). */
export interface BadgeInfo extends BadgeBrief {
  description: string;
  award_count: number;
  /** Earned once per person (true) or once per post (false). */
  is_single: boolean;
}

/** One award of a badge (GET badge/awards/page); the ids are empty when the badge is not about a post. */
export interface BadgeAward {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  /** 'question' | 'answer' | 'comment', or empty. */
  object_type: string;
  url_title: string;
  author_user_info: UserBrief;
}

/** A badge in the admin list (GET admin badges). */
export interface AdminBadge {
  id: string;
  name: string;
  description: string;
  icon: string;
  award_count: number;
  level: BadgeLevel;
  group_name: string;
  status: BadgeStatus;
}
export type BadgeStatus = 'active' | 'inactive';

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

export const getBadgeGroups = (signal?: AbortSignal) => get<BadgeGroup[]>(`${API_PREFIX}/badges`, { signal });

/** An unknown or deactivated badge is a 400 (domain.md 9.3): the page shows it as not found itself. */
export const getBadge = (id: string, signal?: AbortSignal) => get<BadgeInfo>(`${API_PREFIX}/badge`, { params: { id }, signal, passingError: true, allow404: true });

export const getBadgeAwards = (query: BadgeAwardsQuery, signal?: AbortSignal) =>
  get<PageOf<BadgeAward>>(`${API_PREFIX}/badge/awards/page`, { params: { ...query }, signal });

export const getUserBadges = (username: string, signal?: AbortSignal) => get<BadgeBrief[]>(`${API_PREFIX}/badge/user/awards`, { params: { username }, signal });

/** The ten most recent of a person's badges, for the profile overview. */
export const getRecentUserBadges = (username: string, signal?: AbortSignal) =>
  get<BadgeBrief[]>(`${API_PREFIX}/badge/user/awards/recent`, { params: { username }, signal });

export const getAdminBadges = (query: AdminBadgesQuery, signal?: AbortSignal) =>
  get<PageOf<AdminBadge>>(`${ADMIN_API_PREFIX}/badges`, { params: { ...query }, signal });

export const setBadgeStatus = (id: string, status: BadgeStatus) => request<null>('PUT', `${ADMIN_API_PREFIX}/badge/status`, { body: { id, status } });
