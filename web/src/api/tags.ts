import { API_PREFIX } from '@answer/contract';
import { get, request } from './client';
import type { EditResult, MemberAction } from './post-types';

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
