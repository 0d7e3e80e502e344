import { API_PREFIX } from '@answer/contract';
import type { CaptchaAnswer } from './account';
import { post } from './client';

/** The viewer's vote on a post: '' when none. */
export type VoteStatus = 'vote_up' | 'vote_down' | '';
export type VoteDirection = 'up' | 'down';

/** POST vote/up|down: the post's score after the vote and the viewer's vote on it. */
export interface VoteReply {
  votes: number;
  up_votes: number;
  down_votes: number;
  vote_status: VoteStatus;
}

/** Votes on a question, answer or comment (comments count every vote as an upvote); `isCancel` takes it back. */
export const castVote = (direction: VoteDirection, objectId: string, isCancel: boolean, captcha: CaptchaAnswer) =>
  post<VoteReply>(`${API_PREFIX}/vote/${direction}`, { object_id: objectId, is_cancel: isCancel, ...captcha });
