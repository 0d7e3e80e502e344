import { API_PREFIX, type PostSource } from '@answer/contract';
import { get, post, request } from './client';
import type { EditResult, MemberAction, PageOf, UserBrief } from './post-types';
import type { QuestionInfo } from './questions';
import type { VoteStatus } from './votes';

/** default: accepted, then votes; updated: newest first (despite the name); created: oldest first. */
export type AnswerOrder = 'default' | 'updated' | 'created' | 'vote';

export interface AnswerInfo {
  id: string;
  question_id: string;
  content: string;
  html: string;
  create_time: number;
  /** 0 until someone edits it. */
  update_time: number;
  /** 2 = accepted. */
  accepted: number;
  vote_count: number;
  status: number;
  user_info: UserBrief | null;
  update_user_info: UserBrief | null;
  member_actions: MemberAction[];
  /** The viewer's own marks on it. */
  collected: boolean;
  vote_status: VoteStatus;
  /** Where an imported answer came from (shown as its attribution); absent otherwise. */
  source?: PostSource;
}

export const ACCEPTED = 2;
export const ANSWER_STATUS = { available: 1, deleted: 10, pending: 11 } as const;

const A = `${API_PREFIX}/answer`;

export const getAnswerPage = (questionId: string, order: AnswerOrder, page: number, signal?: AbortSignal) =>
  get<PageOf<AnswerInfo>>(`${A}/page`, { params: { question_id: questionId, order, page, page_size: 20 }, signal });

export const getAnswer = (id: string, signal?: AbortSignal) =>
  get<{ info: AnswerInfo; question: QuestionInfo }>(`${A}/info`, { params: { id }, signal, allow404: true });

export const postAnswer = (questionId: string, content: string) =>
  post<{ info: AnswerInfo; question: QuestionInfo }>(A, { question_id: questionId, content });

export const editAnswer = (input: { id: string; question_id: string; content: string; edit_summary: string }) => request<EditResult>('PUT', A, { body: input });

export const deleteAnswer = (id: string) => request<unknown>('DELETE', A, { body: { id } });
