import { API_PREFIX } from '@answer/contract';
import { get, post, request } from './client';
import type { MemberAction, PageOf } from './post-types';

export interface CommentInfo {
  comment_id: string;
  created_at: number;
  username: string;
  user_display_name: string;
  /** 'deleted' authors have no profile to link to. */
  user_status?: string;
  /** Markdown as written, for editing. */
  original_text: string;
  /** Server-rendered and sanitised HTML. */
  parsed_text: string;
  reply_username: string;
  reply_user_display_name: string;
  reply_user_status?: string;
  reply_comment_id: string;
  member_actions: MemberAction[];
  vote_count: number;
  /** The viewer upvoted it. */
  is_vote: boolean;
}

export interface NewComment {
  object_id: string;
  original_text: string;
  reply_comment_id?: string;
  mention_username_list: string[];
}

/** A user the @mention picker offers. */
export interface MentionUser {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
}

const C = `${API_PREFIX}/comment`;
export const COMMENT_PAGE_SIZE = 10;

/** `linkedId`: a comment a link points at; the server adds it to the page when it is further down. */
export const getCommentPage = (objectId: string, page: number, signal?: AbortSignal, linkedId?: string) =>
  get<PageOf<CommentInfo>>(`${C}/page`, {
    params: { object_id: objectId, page, page_size: COMMENT_PAGE_SIZE, ...(linkedId ? { comment_id: linkedId } : {}) },
    signal,
  });

export const postComment = (input: NewComment) => post<CommentInfo>(C, input);

export const editComment = (commentId: string, originalText: string) => request<unknown>('PUT', C, { body: { comment_id: commentId, original_text: originalText } });

export const deleteComment = (commentId: string) => request<unknown>('DELETE', C, { body: { comment_id: commentId } });

export const searchUsers = (username: string, signal?: AbortSignal) =>
  get<MentionUser[]>(`${API_PREFIX}/user/info/search`, { params: { username }, signal, passingError: true, ignore50x: true });
