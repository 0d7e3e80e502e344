import type { VoteDirection, VoteReply, VoteStatus } from '../../../api/votes';

/** What a post's vote buttons show: its score and the viewer's own vote. */
export interface VoteState {
  votes: number;
  status: VoteStatus;
}

/** A click on a vote button: what to show at once, and the request that makes it so. */
export interface VoteStep {
  next: VoteState;
  direction: VoteDirection;
  isCancel: boolean;
}

const STATUS: Record<VoteDirection, VoteStatus> = { up: 'vote_up', down: 'vote_down' };
const WEIGHT: Record<VoteStatus, number> = { vote_up: 1, vote_down: -1, '': 0 };

/**
 * Clicking the button of the vote the viewer already cast takes it back; clicking the other one
 * replaces it (the server swaps the vote in one go, so the score moves by two).
 */
export function voteStep(current: VoteState, direction: VoteDirection): VoteStep {
  const isCancel = current.status === STATUS[direction];
  const status = isCancel ? '' : STATUS[direction];
  return { next: { votes: current.votes - WEIGHT[current.status] + WEIGHT[status], status }, direction, isCancel };
}

export const voteStateOf = (reply: VoteReply): VoteState => ({ votes: reply.votes, status: reply.vote_status });
