import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { Page } from './envelope.js';

/** Badges (domain.md 9): requests and replies of the public badge pages and the admin list. */
const id = text('error.common.required').min(1, { message: 'error.common.required' }).max(40);
const username = text().max(100).optional().default('');

/** 1 bronze, 2 silver, 3 gold. */
export type BadgeLevel = 1 | 2 | 3;
export type BadgeStatusName = 'active' | 'inactive';

export const badgeQuery = z.object({ id });

export const badgeAwardsQuery = z.object({
  badge_id: id,
  username,
  page: pageNumber(),
  page_size: pageSize(30),
});

export const userBadgeAwardsQuery = z.object({
  username: text('error.common.required').min(1, { message: 'error.common.required' }).max(100),
  // The profile tab sends these; the list is every badge the user has, so they change nothing.
  page: pageNumber(),
  page_size: pageSize(30),
  order: text().max(20).optional(),
});

export const adminBadgesQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(30),
  status: z
    .enum(['', 'active', 'inactive'], { message: 'error.common.status_invalid' })
    .optional()
    .default(''),
  q: text().max(100).optional().default(''),
});

export const badgeStatusSchema = z.object({
  id,
  status: z.enum(['active', 'inactive'], { message: 'error.common.status_invalid' }),
});

export interface BadgeListItem {
  id: string;
  name: string;
  icon: string;
  award_count: number;
  earned_count: number;
  level: BadgeLevel;
}

export interface BadgeGroupItem {
  group_name: string;
  badges: BadgeListItem[];
}

export interface BadgeInfo {
  id: string;
  name: string;
  description: string;
  icon: string;
  award_count: number;
  earned_count: number;
  is_single: boolean;
  level: BadgeLevel;
}

export interface BadgeAwardItem {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  /** 'question' | 'answer' | '' (the object is gone, hidden from the caller, or the badge is once per user). */
  object_type: string;
  url_title: string;
  author_user_info: Record<string, unknown>;
}

export interface UserBadgeItem {
  id: string;
  name: string;
  icon: string;
  earned_count: number;
  level: BadgeLevel;
}

export interface AdminBadgeItem {
  id: string;
  name: string;
  description: string;
  icon: string;
  award_count: number;
  level: BadgeLevel;
  group_name: string;
  status: BadgeStatusName;
}

export type BadgeAwardPage = Page<BadgeAwardItem>;
export type AdminBadgePage = Page<AdminBadgeItem>;
