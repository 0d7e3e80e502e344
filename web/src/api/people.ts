import { API_PREFIX, type RankedUser, type UserRanking } from '@answer/contract';
import { get } from './client';
import type { PageOf, TagBrief } from './post-types';
import type { QuestionListItem } from './questions';

/** The directory (GET user/ranking, domain.md 11.5): the server's own types. */
export type { RankedUser, UserRanking };

/** GET personal/user/info: a public profile (domain.md 6.6). */
export interface PersonalInfo {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  bio_html: string;
  website: string;
  location: string;
  answer_count: number;
  question_count: number;
  created_at: number;
  last_login_date: number;
  /** 'normal' | 'inactive' | 'suspended' | 'deleted' */
  status: string;
  status_msg?: string;
}

/** A top answer (qa/top) or an answer in the answers tab. */
export interface PersonalAnswer {
  answer_id: string;
  question_id: string;
  vote_count: number;
  /** 2 when it is the accepted answer */
  accepted: number;
  create_time: number;
  /** 'available' | 'deleted' | 'pending' */
  status?: string;
  question_info: { title: string; url_title: string; tags?: TagBrief[] };
}

/** A top question (qa/top) or a question in the questions tab; the tab's items carry `id`. */
export interface PersonalQuestion {
  id?: string;
  question_id?: string;
  title: string;
  url_title: string;
  vote_count: number;
  answer_count: number;
  view_count?: number;
  created_at?: number;
  /** 'available' | 'closed' | 'deleted' | 'pending' */
  status?: string;
  tags?: TagBrief[];
}

/** A row of the comments, reputation and votes tabs: something done on a post. */
export interface PostActivity {
  object_id?: string;
  comment_id?: string;
  object_type: string;
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
  created_at: number;
  /** Reputation tab: the change and what caused it. */
  reputation?: number;
  rank_type?: string;
  /** Votes tab: "upvote" or "downvote", already translated. */
  vote_type?: string;
}

export type PersonalTopList = { question: PersonalQuestion[]; answer: PersonalAnswer[] };

/** What each list tab holds (the bookmarks tab lists questions as the question list does). */
export interface PersonalLists {
  answers: PersonalAnswer;
  questions: PersonalQuestion;
  comments: PostActivity;
  reputation: PostActivity;
  votes: PostActivity;
  bookmarks: QuestionListItem;
}
export type ListTab = keyof PersonalLists;

const LIST_PATH: Record<ListTab, string> = {
  answers: 'answer',
  questions: 'question',
  comments: 'comment',
  reputation: 'rank',
  votes: 'vote',
  bookmarks: 'collection',
};

const P = `${API_PREFIX}/personal`;

export const getUserRanking = (signal?: AbortSignal) => get<UserRanking>(`${API_PREFIX}/user/ranking`, { signal });

/**
 * The profile is the reply's data itself, as upstream sends it. An unknown user shows the 404 page
 * (spec section 8: personal/user/info is an allow404 call).
 */
export const getPersonalInfo = (username: string, signal?: AbortSignal) =>
  get<PersonalInfo>(`${P}/user/info`, { params: { username }, signal, allow404: true });

export const getPersonalTop = (username: string, signal?: AbortSignal) => get<PersonalTopList>(`${P}/qa/top`, { params: { username }, signal });

export interface PersonalPageQuery {
  username: string;
  page: number;
  page_size: number;
  order?: string;
}

export const getPersonalPage = <T extends ListTab>(tab: T, query: PersonalPageQuery, signal?: AbortSignal) =>
  get<PageOf<PersonalLists[T]>>(`${P}/${LIST_PATH[tab]}/page`, { params: { ...query }, signal });
