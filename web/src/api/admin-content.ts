import {
  ADMIN_API_PREFIX,
  type AdminAnswerFilter,
  type AdminAnswerItem,
  type AdminAnswerStatus,
  type AdminBulkResult,
  type AdminQuestionFilter,
  type AdminQuestionItem,
  type AdminQuestionStatus,
} from '@answer/contract';
import { get, request } from './client';
import type { PageOf } from './post-types';

/** The admin's content lists and actions (server/src/features/admin/content-*.ts): the server's own types. */
export type { AdminAnswerItem, AdminBulkResult, AdminQuestionItem } from '@answer/contract';

export interface AdminQuestionsQuery {
  status: AdminQuestionFilter;
  query?: string;
  page: number;
  page_size: number;
}

export interface AdminAnswersQuery {
  status: AdminAnswerFilter;
  query?: string;
  question_id?: string;
  page: number;
  page_size: number;
}

export const getAdminQuestions = (query: AdminQuestionsQuery, signal?: AbortSignal) =>
  get<PageOf<AdminQuestionItem>>(`${ADMIN_API_PREFIX}/question/page`, { params: { ...query }, signal });

export const getAdminAnswers = (query: AdminAnswersQuery, signal?: AbortSignal) =>
  get<PageOf<AdminAnswerItem>>(`${ADMIN_API_PREFIX}/answer/page`, { params: { ...query }, signal });

/** One status for many questions; each id gets its own result (a failure does not stop the others). */
export const setQuestionsStatus = (ids: string[], status: AdminQuestionStatus) =>
  request<AdminBulkResult[]>('PUT', `${ADMIN_API_PREFIX}/question/status/bulk`, { body: { ids, status } });

export const setAnswersStatus = (ids: string[], status: AdminAnswerStatus) =>
  request<AdminBulkResult[]>('PUT', `${ADMIN_API_PREFIX}/answer/status/bulk`, { body: { ids, status } });

/** Permanent deletion of deleted posts. */
export const purgeQuestions = (ids: string[]) => request<AdminBulkResult[]>('POST', `${ADMIN_API_PREFIX}/question/purge`, { body: { ids } });
export const purgeAnswers = (ids: string[]) => request<AdminBulkResult[]>('POST', `${ADMIN_API_PREFIX}/answer/purge`, { body: { ids } });
