import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';

/** GET /search (domain.md 10.1): `q` 1-60 characters, operators of 10.3 inside it. */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const;
export const SEARCH_QUERY_MAX = 60;
export const SEARCH_PAGE_SIZE_MAX = 50;

export const searchQuery = z.object({
  q: text('error.common.required')
    .refine((s) => s.trim().length > 0, { message: 'error.common.required' })
    .refine((s) => [...s].length <= SEARCH_QUERY_MAX, { message: 'error.common.too_long' }),
  order: z.enum(SEARCH_ORDERS, { message: 'error.common.invalid' }).optional().default('relevance'),
  page: pageNumber(),
  size: pageSize(30, SEARCH_PAGE_SIZE_MAX),
  captcha_id: text().max(100).optional(),
  captcha_code: text().max(20).optional(),
});

export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export interface SearchObject {
  id: string;
  question_id: string;
  title: string;
  url_title: string;
  /** Plain text around the first match, HTML-escaped, the matched words wrapped in <em>. */
  excerpt: string;
  created_at: number;
  vote_count: number;
  answer_count: number;
  accepted: boolean;
  /** available | closed (answers: available). */
  status: string;
  tags: { slug_name: string; display_name: string; main_tag_slug_name: string; recommend: boolean; reserved: boolean }[];
  user_info: { id: string; username: string; display_name: string; rank: number; status: string };
}

export interface SearchResult {
  object_type: 'question' | 'answer';
  object: SearchObject;
}

/** GET /search/desc: the active search plugin's attribution; all empty for the built-in search. */
export interface SearchDesc {
  name: string;
  icon: string;
  link: string;
}
