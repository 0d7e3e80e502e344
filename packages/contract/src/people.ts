import { z } from 'zod';
import { pageNumber, pageSize } from './paging.js';
import { text } from './text.js';
import type { QuestionListItem } from './content.js';
import type { Page } from './envelope.js';

/** Requests and replies of the people pages: the user directory and public profiles (domain.md 6.6, 11.5). */

const username = text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(100, { message: 'error.common.too_long' });

/** `GET /personal/user/info` and `GET /personal/qa/top`. */
export const personalUserQuery = z.object({ username });

/**
 * Orders of a person's question and answer lists. Upstream's validator takes all five; its client
 * sends `newest` or `score`. Answers and comments know newest and score only: the others are newest.
 */
export const PERSONAL_ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered'] as const;
export type PersonalOrder = (typeof PERSONAL_ORDERS)[number];

/** `GET /personal/{question,answer,comment}/page`. */
export const personalPageQuery = z.object({
  username,
  order: z.enum(PERSONAL_ORDERS, { message: 'error.common.invalid' }).optional().default('newest'),
  page: pageNumber(),
  page_size: pageSize(20),
});

/** `GET /user/staff`: the @-mention picker's moderators (the upstream client asks 10 at a time). */
export const userStaffQuery = z.object({
  username: text().max(100, { message: 'error.common.too_long' }).optional().default(''),
  page_size: pageSize(10, 50),
});

/** One person of the directory (`UserRankingSimpleInfo`). */
export interface RankedUser {
  username: string;
  display_name: string;
  /** Avatar URL, '' for the default picture. */
  avatar: string;
  /** Reputation gained in the window for the reputation list; total reputation otherwise. */
  rank: number;
  /** Votes cast and received in the window for the vote list; 0 otherwise. */
  vote_count: number;
  /** Edits made in the window for the editors list; 0 otherwise (beyond upstream). */
  edit_count: number;
}

/** `GET /user/ranking`: each person appears in the first list that has them. */
export interface UserRanking {
  users_with_the_most_reputation: RankedUser[];
  users_with_the_most_vote: RankedUser[];
  /** Beyond upstream: who edited most in the window (questions, answers, tags, approved suggestions). */
  users_with_the_most_edits: RankedUser[];
  staffs: RankedUser[];
}

export interface StaffUser {
  username: string;
  display_name: string;
  avatar: string;
}

/**
 * `GET /personal/user/info`: the profile itself is `data`, as upstream's service returns it
 * (`GetOtherUserInfoByUsernameResp`; its swagger's `{info}` wrapper is not what it sends).
 * Upstream's field set exactly, never the e-mail address.
 */
export interface PublicProfile {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  follow_count: number;
  answer_count: number;
  question_count: number;
  rank: number;
  display_name: string;
  avatar: string;
  /** Always '': nothing here collects phone numbers, and an imported one is nobody's business. */
  mobile: string;
  bio: string;
  /** Rendered and sanitised on read. */
  bio_html: string;
  website: string;
  location: string;
  /** 'normal' | 'inactive' | 'suspended' */
  status: string;
  /** Translated; only for suspended and inactive accounts (upstream omits it when empty). */
  status_msg?: string;
}

/** Tag chips on personal list items (same fields as the question list's tags). */
export interface PersonalTag {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: boolean;
  reserved: boolean;
}

/** A question in the questions tab and in qa/top (`UserQuestionInfo`). */
export interface PersonalQuestion {
  /** Both names carry the question id: upstream's field is `question_id`. */
  id: string;
  question_id: string;
  title: string;
  url_title: string;
  vote_count: number;
  answer_count: number;
  view_count: number;
  collection_count: number;
  created_at: number;
  /** '0' when none. */
  accepted_answer_id: string;
  /** 'available' | 'closed' | 'deleted' | 'pending' (the last two only reach their author and staff). */
  status: string;
  /** 1 listed, 2 unlisted (unlisted ones only reach their author and staff). */
  show: number;
  tags: PersonalTag[];
}

/** An answer in the answers tab and in qa/top (`UserAnswerInfo`). */
export interface PersonalAnswer {
  answer_id: string;
  question_id: string;
  /** 2 when it is the accepted answer, else 1. */
  accepted: number;
  vote_count: number;
  create_time: number;
  update_time: number;
  /** 'available' | 'deleted' | 'pending' (an addition: the last two only reach their author and staff). */
  status: string;
  question_info: { title: string; url_title: string; tags: PersonalTag[] };
}

/** `GET /personal/qa/top`: five of each, best score first. */
export interface PersonalTop {
  question: PersonalQuestion[];
  answer: PersonalAnswer[];
}

/** A comment in the comments tab (`GetCommentPersonalWithPageResp`). */
export interface PersonalComment {
  comment_id: string;
  /** The post it is on. */
  object_id: string;
  object_type: 'question' | 'answer';
  question_id: string;
  /** '' for a comment on the question. */
  answer_id: string;
  title: string;
  url_title: string;
  /** Excerpt of the comment's text. */
  content: string;
  created_at: number;
}

/** GET /personal/vote/page and /personal/collection/page: the caller's own lists. */
export const ownListQuery = z.object({ page: pageNumber(), page_size: pageSize(20) });
/** GET /personal/rank/page: a person's reputation history. */
export const reputationPageQuery = ownListQuery.extend({
  username: text('error.common.required').min(1, { message: 'error.common.required' }).max(100, { message: 'error.common.too_long' }),
});

/** A user as posts, comments and lists show them. */
export interface UserBasicInfo {
  id: string;
  username: string;
  rank: number;
  display_name: string;
  avatar: string;
  website: string;
  location: string;
  language: string;
  status: string;
}
export type PersonalQuestionPage = Page<PersonalQuestion>;
export type PersonalAnswerPage = Page<PersonalAnswer>;
export type PersonalCommentPage = Page<PersonalComment>;
/** One entry of GET /personal/rank/page. */
export interface ReputationItem {
  created_at: number;
  object_id: string;
  reputation: number;
  rank_type: string;
  object_type: '' | 'question' | 'answer' | 'comment' | 'tag';
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}
export type ReputationPage = Page<ReputationItem>;
/** One entry of GET /personal/vote/page. */
export interface PersonalVoteItem {
  created_at: number;
  object_id: string;
  vote_type: string;
  object_type: '' | 'question' | 'answer' | 'comment' | 'tag';
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}
export type PersonalVotePage = Page<PersonalVoteItem>;
/** One bookmarked question of GET /personal/collection/page. */
export interface BookmarkItem extends QuestionListItem {
  create_time: number;
  user_info: UserBasicInfo | null;
}
export type BookmarkPage = Page<BookmarkItem>;
