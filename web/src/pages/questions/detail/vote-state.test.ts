import { describe, expect, it } from 'vitest';
import { type VoteState, voteStateOf, voteStep } from './vote-state';

const none: VoteState = { votes: 3, status: '' };
const up: VoteState = { votes: 4, status: 'vote_up' };
const down: VoteState = { votes: 2, status: 'vote_down' };

describe('vote buttons', () => {
  it('an upvote adds one and a downvote takes one', () => {
    expect(voteStep(none, 'up')).toEqual({ next: up, direction: 'up', isCancel: false });
    expect(voteStep(none, 'down')).toEqual({ next: down, direction: 'down', isCancel: false });
  });

  it('clicking the same button again takes the vote back', () => {
    expect(voteStep(up, 'up')).toEqual({ next: none, direction: 'up', isCancel: true });
    expect(voteStep(down, 'down')).toEqual({ next: none, direction: 'down', isCancel: true });
  });

  it('clicking the other button replaces the vote, moving the score by two', () => {
    expect(voteStep(up, 'down')).toEqual({ next: down, direction: 'down', isCancel: false });
    expect(voteStep(down, 'up')).toEqual({ next: up, direction: 'up', isCancel: false });
  });

  it('shows what the server counted', () => {
    expect(voteStateOf({ votes: 7, up_votes: 9, down_votes: 2, vote_status: 'vote_up' })).toEqual({ votes: 7, status: 'vote_up' });
  });
});
