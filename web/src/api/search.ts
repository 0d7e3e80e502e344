import { API_PREFIX } from '@answer/contract';
import { get } from './client';
import type { PageOf, TagBrief } from './post-types';

export type SearchOrder = 'relevance' | 'newest' | 'active' | 'score';
export const SEARCH_ORDERS: SearchOrder[] = ['relevance', 'newest', 'active', 'score'];

/** A question or answer hit (domain.md 10.1); an answer carries its question's title and id. */
export interface SearchHit {
  object_type: 'question' | 'answer';
  object: {
    id: string;
    question_id: string;
    title: string;
    url_title: string;
    /** Plain text around the first matched word. */
    excerpt: string;
    created_at: number;
    vote_count: number;
    accepted: boolean;
    answer_count: number;
    status: string;
    tags: TagBrief[] | null;
    user_info: { id: string; username: string; display_name: string; status?: string } | null;
  };
}

export interface SearchQuery {
  q: string;
  order: SearchOrder;
  page: number;
  size: number;
  /** Asked for after many searches in a minute (domain.md 16, action `search`). */
  captcha_id?: string;
  captcha_code?: string;
}

export const search = (params: SearchQuery, signal?: AbortSignal) => get<PageOf<SearchHit>>(`${API_PREFIX}/search`, { params: { ...params }, signal });

/** The search plugin's attribution; empty fields with the built-in search. */
export interface SearchDescription {
  name?: string;
  icon?: string;
  link?: string;
}

export const getSearchDescription = (signal?: AbortSignal) =>
  get<SearchDescription | null>(`${API_PREFIX}/search/desc`, { params: {}, signal, passingError: true, ignore50x: true });
