import { ADMIN_API_PREFIX, API_PREFIX } from '@answer/contract';
import { get, post, request } from './client';
import type { EditResult, MemberAction, PageOf } from './post-types';

/** One tag as `GET /tag` shows it (domain.md 7.6). */
export interface TagInfo {
  tag_id: string;
  created_at: number;
  updated_at: number;
  slug_name: string;
  display_name: string;
  /** The description's Markdown, and its sanitised HTML. */
  original_text: string;
  parsed_text: string;
  excerpt: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  status: 'available' | 'deleted' | string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
  member_actions: MemberAction[];
}

export interface TagEditInput {
  tag_id: string;
  display_name: string;
  slug_name: string;
  original_text: string;
  edit_summary: string;
}

const TAG = `${API_PREFIX}/tag`;

/** An unknown tag shows the 404 page in place. */
export const getTag = (id: string, signal?: AbortSignal) => get<TagInfo>(TAG, { params: { id }, signal, allow404: true });

/** Applied at once with enough reputation, otherwise a suggestion waiting for review (`wait_for_review`). */
export const editTag = (input: TagEditInput) => request<EditResult>('PUT', TAG, { body: input });

/** One card of the tag list (`GET /tags/page`, domain.md 7.6); `excerpt` and `description` are plain text. */
export interface TagPageItem {
  tag_id: string;
  slug_name: string;
  display_name: string;
  excerpt: string;
  description?: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  created_at: number;
  recommend: boolean;
  reserved: boolean;
}

export type TagSort = 'popular' | 'name' | 'newest';

export interface TagPageQuery {
  page: number;
  page_size: number;
  query_cond: TagSort;
  /** Part of a display name, or a synonym's exact slug. */
  slug_name?: string;
}

export const getTagPage = (params: TagPageQuery, signal?: AbortSignal) =>
  get<PageOf<TagPageItem>>(`${API_PREFIX}/tags/page`, { params: { ...params }, signal });

/** By slug: a synonym's slug answers with its main tag, whose `main_tag_slug_name` is then set. */
export const getTagByName = (name: string, signal?: AbortSignal) => get<TagInfo>(TAG, { params: { name }, signal, allow404: true });

export interface TagCreateInput {
  display_name: string;
  slug_name: string;
  original_text: string;
}

export const createTag = (input: TagCreateInput) => post<{ slug_name: string }>(TAG, input);

export const deleteTag = (tagId: string) => request<unknown>('DELETE', TAG, { body: { tag_id: tagId } });

export const recoverTag = (tagId: string) => post<unknown>(`${TAG}/recover`, { tag_id: tagId });

export interface TagSynonym {
  tag_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
}

export interface TagSynonyms {
  synonyms: TagSynonym[];
  /** `edit` when the viewer may change the set. */
  member_actions: MemberAction[];
}

export const getTagSynonyms = (tagId: string, signal?: AbortSignal) => get<TagSynonyms>(`${TAG}/synonyms`, { params: { tag_id: tagId }, signal });

/** Replaces the whole synonym set; unknown slugs become new tags. */
export const saveTagSynonyms = (tagId: string, slugs: string[]) =>
  request<unknown>('PUT', `${TAG}/synonym`, { body: { tag_id: tagId, synonym_tag_list: slugs.map((slug_name) => ({ slug_name })) } });

/** A tag looked up by name from a form: an unknown name rejects quietly (404) for the form to say so. */
export const findTag = (name: string) => get<TagInfo>(TAG, { params: { name } });

/** Staff: the source's questions and followers move to the target, and the source becomes its synonym. */
export const mergeTags = (sourceTagId: string, targetTagId: string) =>
  request<unknown>('PUT', `${ADMIN_API_PREFIX}/tag/merge`, { body: { source_tag_id: sourceTagId, target_tag_id: targetTagId } });
