import { API_PREFIX, type PostSource } from '@answer/contract';
import { get, post, request } from './client';
import type { EditResult, MemberAction, PageOf, TagBrief, UserBrief } from './post-types';
import type { VoteStatus } from './votes';

export type QuestionOrder = 'newest' | 'active' | 'frequent' | 'score' | 'unanswered' | 'hot';

export interface QuestionListItem {
  id: string;
  title: string;
  url_title: string;
  description: string;
  tags: TagBrief[];
  vote_count: number;
  answer_count: number;
  view_count: number;
  accepted_answer_id: string;
  pin: number;
  status: number;
  operator: UserBrief | null;
  operated_at: number;
  operation_type: 'asked' | 'answered' | 'modified';
}

/** The banner over a question that is closed, deleted or waiting for review. */
export interface QuestionOperation {
  type: 'closed' | 'deleted' | 'pending' | string;
  /** For a closed question: the close reason's name. */
  description?: string;
  msg: string;
  level: string;
}

export interface QuestionInfo {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  tags: TagBrief[];
  view_count: number;
  vote_count: number;
  answer_count: number;
  accepted_answer_id: string;
  create_time: number;
  update_time: number;
  edit_time: number;
  status: number;
  operation: QuestionOperation | null;
  user_info: UserBrief | null;
  update_user_info: UserBrief | null;
  /** The viewer has an answer here; first_answer_id is it. */
  answered: boolean;
  first_answer_id: string;
  member_actions: MemberAction[];
  /** Actions beyond the post menu, e.g. invite_other_to_answer. */
  extends_actions: MemberAction[];
  /** Where an imported question came from (shown as its attribution); absent otherwise. */
  source?: PostSource;
  /** 2 = pinned to the top of every list. */
  pin: number;
  /** 2 = unlisted (reachable by URL only). */
  show: number;
  collection_count: number;
  follow_count: number;
  /** The viewer's own marks on it. */
  collected: boolean;
  is_followed: boolean;
  vote_status: VoteStatus;
}

export interface SimilarQuestion {
  id: string;
  title: string;
  url_title: string;
  answer_count: number;
  accepted_answer: boolean;
}

/** A tag as the ask form sends it: a new tag has only the name the user typed. */
export interface TagInput {
  slug_name: string;
  display_name?: string;
}

export interface AskInput {
  title: string;
  content: string;
  tags: TagInput[];
}

export const QUESTION_STATUS = { available: 1, closed: 2, deleted: 10, pending: 11 } as const;
export const PINNED = 2;
export const UNLISTED = 2;

export interface QuestionPageQuery {
  order?: QuestionOrder;
  tag?: string;
  page?: number;
  page_size?: number;
  in_days?: number;
}

const Q = `${API_PREFIX}/question`;

export const getQuestionPage = (params: QuestionPageQuery, signal?: AbortSignal) =>
  get<PageOf<QuestionListItem>>(`${Q}/page`, { params: { ...params }, signal });

/** The signed-in user's feed: questions with the tags they follow. */
export const getRecommendQuestionPage = (params: { page: number; page_size: number }, signal?: AbortSignal) =>
  get<PageOf<QuestionListItem>>(`${Q}/recommend/page`, { params: { ...params }, signal });

/** A missing question shows the 404 page in place. */
export const getQuestion = (id: string, signal?: AbortSignal) => get<QuestionInfo>(`${Q}/info`, { params: { id }, signal, allow404: true });

export const getSimilarQuestions = (title: string, signal?: AbortSignal) =>
  get<SimilarQuestion[]>(`${Q}/similar`, { params: { title }, signal, passingError: true, ignore50x: true });

export const getRelatedQuestions = (questionId: string, signal?: AbortSignal) =>
  get<PageOf<QuestionListItem>>(`${Q}/similar/tag`, { params: { question_id: questionId }, signal, ignore50x: true });

export const searchTags = (tag: string, signal?: AbortSignal) =>
  get<TagBrief[]>(`${Q}/tags`, { params: { tag }, signal, passingError: true, ignore50x: true });

export const askQuestion = (input: AskInput) => post<QuestionInfo>(Q, input);

export const askQuestionWithAnswer = (input: AskInput & { answer_content: string }) => post<QuestionInfo>(`${Q}/answer`, input);

export const editQuestion = (input: AskInput & { id: string; edit_summary: string }) => request<EditResult>('PUT', Q, { body: input });

export const deleteQuestion = (id: string) => request<unknown>('DELETE', Q, { body: { id } });
