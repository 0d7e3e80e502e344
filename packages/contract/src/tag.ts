import { z } from 'zod';
import { LIMITS } from './limits.js';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { MemberAction } from './content.js';
import type { Page } from './envelope.js';

/** Tag page and tag editing (domain.md 7.3, 7.6). */
const tagName = text()
  .trim()
  .min(1, { message: 'error.common.required' })
  .max(LIMITS.tagNameMax, { message: 'error.tag.too_long' });

/** `GET /tag`: by id (`id`, or `tag_id` as the API documentation names it) or by slug (`tag_name` / `name`). */
export const tagInfoQuery = z
  .object({
    id: text().max(40).optional(),
    tag_id: text().max(40).optional(),
    tag_name: text().max(100).optional(),
    name: text().max(100).optional(),
  })
  .refine((q) => !!(q.id || q.tag_id || q.tag_name || q.name), { message: 'error.common.required', path: ['id'] });

export const updateTagSchema = z.object({
  tag_id: text('error.common.required').min(1, { message: 'error.common.required' }).max(40),
  slug_name: tagName.optional(),
  display_name: tagName.optional(),
  original_text: text().max(65536, { message: 'error.common.too_long' }).optional(),
  edit_summary: text().max(255, { message: 'error.common.too_long' }).optional().default(''),
});

/** `GET /tags/page` (domain.md 7.6). An unknown `query_cond` is read as the default, popular. */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const;
export const tagPageQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(20),
  slug_name: text().max(100).optional().default(''),
  query_cond: z.enum([...TAG_ORDERS, ''], { message: 'error.common.invalid' }).optional().default('popular'),
});

/** `GET /tags?tags=a,b`: basic information of the named tags. */
export const tagsBySlugQuery = z.object({ tags: text().max(4000).optional().default('') });

/** `POST /tag` (domain.md 7.2). `recommend`/`reserved` sent by the client are the write settings' business and ignored. */
export const createTagSchema = z.object({
  slug_name: tagName,
  display_name: tagName,
  original_text: text('error.common.required').min(1, { message: 'error.common.required' }).max(65536, { message: 'error.common.too_long' }),
});

const tagId = text('error.common.required').min(1, { message: 'error.common.required' }).max(40);

/** `DELETE /tag`, `POST /tag/recover`, `GET /tag/synonyms`. */
export const tagIdSchema = z.object({ tag_id: tagId });

/** `PUT /tag/synonym` (domain.md 7.4): the complete synonym set of `tag_id`. */
export const setSynonymsSchema = z.object({
  tag_id: tagId,
  synonym_tag_list: z
    .array(
      z.object({
        slug_name: tagName,
        display_name: tagName.optional(),
        original_text: text().max(65536, { message: 'error.common.too_long' }).optional(),
      }),
      { message: 'error.common.invalid' },
    )
    .max(100, { message: 'error.common.too_long' }),
});

/** `PUT /answer/admin/api/tag/merge`: the source tag's questions and followers go to the target. */
export const mergeTagsSchema = z.object({ source_tag_id: tagId, target_tag_id: tagId });

/** A tag as posts and lists show it. */
export interface TagBrief {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
}
/** GET /tags and /tags/following: tags with their ids. */
export interface TagSummary extends TagBrief {
  tag_id: string;
}
/** One tag of GET /tags/page. */
export interface TagListItem {
  tag_id: string;
  slug_name: string;
  display_name: string;
  excerpt: string;
  description: string;
  original_text: string;
  parsed_text: string;
  question_count: number;
  follow_count: number;
  is_follower: boolean;
  recommend: boolean;
  reserved: boolean;
  created_at: number;
  updated_at: number;
}
export type TagPage = Page<TagListItem>;
/** GET /tag. */
export interface TagInfo {
  tag_id: string;
  created_at: number;
  updated_at: number;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  description: string;
  excerpt: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  status: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
  member_actions: MemberAction[];
}
/** POST /tag. */
export interface CreatedTag {
  slug_name: string;
}
/** GET /tag/synonyms. */
export interface TagSynonyms {
  synonyms: { tag_id: string; slug_name: string; display_name: string; main_tag_slug_name: string }[];
  member_actions: MemberAction[];
}
