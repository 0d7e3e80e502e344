import { API_PREFIX, type FlaggedPost, type FlagOperation } from '@answer/contract';
import { get, request } from './client';
import type { Reason } from './operations';
import type { PageOf } from './post-types';

export type FlagObjectType = 'question' | 'answer' | 'comment';

/** The flag reasons of one kind of object (`GET /reasons?action=flag`). */
export const getFlagReasons = (objectType: FlagObjectType, signal?: AbortSignal) =>
  get<Reason[]>(`${API_PREFIX}/reasons`, { params: { object_type: objectType, action: 'flag' }, signal });

/** Flags an object; the dialog shows field errors itself, so 400s come back untouched. */
export const postFlag = (input: { object_id: string; report_type: number; content: string }) =>
  request<unknown>('POST', `${API_PREFIX}/report`, { body: input, passingError: true });

/** The flag queue: one flagged post per page (staff). */
export const getFlaggedPosts = (page: number, signal?: AbortSignal) =>
  get<PageOf<FlaggedPost>>(`${API_PREFIX}/report/unreviewed/post`, { params: { page }, signal });

export interface FlagReviewInput {
  flag_id: string;
  operation_type: FlagOperation;
  close_type?: number;
  close_msg?: string;
  title?: string;
  content?: string;
  tags?: { slug_name: string }[];
}

/** Handles a flagged post; forms (edit, close) show field errors themselves. */
export const reviewFlag = (input: FlagReviewInput, options: { passingError?: boolean } = {}) =>
  request<unknown>('PUT', `${API_PREFIX}/report/review`, { body: input, passingError: options.passingError });
