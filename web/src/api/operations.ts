import { API_PREFIX, type QuestionOperation } from '@answer/contract';
import { get, post, request } from './client';

/** A reason offered by the close (and flag) dialogs; `content_type` 'text'/'textarea' asks for a message too. */
export interface Reason {
  reason_type: number;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}

const Q = `${API_PREFIX}/question`;

export const getCloseReasons = (signal?: AbortSignal) =>
  get<Reason[]>(`${API_PREFIX}/reasons`, { params: { object_type: 'question', action: 'close' }, signal });

/** Closing shows its own field errors, so 400s come back to the dialog untouched. */
export const closeQuestion = (input: { id: string; close_type: number; close_msg: string }) =>
  request<unknown>('PUT', `${Q}/status`, { body: input, passingError: true });

export const reopenQuestion = (questionId: string) => request<unknown>('PUT', `${Q}/reopen`, { body: { question_id: questionId } });

/** Pin, unpin, hide (unlist) or show (list) a question. */
export const operateQuestion = (id: string, operation: QuestionOperation) => request<unknown>('PUT', `${Q}/operation`, { body: { id, operation } });

export const recoverQuestion = (questionId: string) => post<unknown>(`${Q}/recover`, { question_id: questionId });

export const recoverAnswer = (answerId: string) => post<unknown>(`${API_PREFIX}/answer/recover`, { answer_id: answerId });

/** Accepts an answer; an empty `answerId` withdraws the acceptance. */
export const acceptAnswer = (questionId: string, answerId: string) =>
  post<unknown>(`${API_PREFIX}/answer/acceptance`, { question_id: questionId, answer_id: answerId });
