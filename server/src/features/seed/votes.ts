import { randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ActivityTable, VoteTable } from '../../db/schema.js';
import { ACT } from '../activity/types.js';

/** A seeded person: their id and when they joined, so nothing they do predates them. */
export interface SeedUser {
  id: string;
  joinedAt: number;
}

/** A post the demo votes on or accepts. */
export interface SeedPost {
  id: string;
  questionId: string;
  authorId: string;
  createdAt: number;
}

/** The rows a batch of demo posts adds: votes, and the ledger rows the same votes would have written. */
export interface SeedVotes {
  votes: Insertable<VoteTable>[];
  ledger: Insertable<ActivityTable>[];
}

const UPVOTE_RANK = 10;
const DOWNVOTE_RANK = -2;
const ACCEPTED_RANK = 15;
const ACCEPT_RANK = 2;

/** A time after `from`, at most `now` and usually within a month of it, as people react to a post. */
export function after(from: number, now: number): number {
  return from + randomInt(Math.max(1, Math.min(30 * 86400, now - from)));
}

/**
 * Upvotes drawn from a falling curve (half the posts get none, a few get many), as real sites look.
 * The same number is small enough that a million-question seed stays a few minutes.
 */
const upvoteCount = (max: number) => Math.min(max, Math.floor(-Math.log(1 - Math.random()) * 1.2));

function ledgerRow(userId: string, trigger: string, post: SeedPost, type: number, rank: number, at: number): Insertable<ActivityTable> {
  return {
    created_at: at,
    updated_at: at,
    user_id: userId,
    trigger_user_id: trigger,
    object_id: post.id,
    original_object_id: post.questionId,
    activity_type: type,
    rank,
    has_rank: rank !== 0 ? 1 : 0,
  };
}

/**
 * Votes on one post by distinct other members who had joined by then, each with the ledger rows
 * the vote feature writes (domain.md 3.1): the voter's row and the author's +10 or -2. Downvotes go
 * only to questions that also have upvotes, so no demo reputation falls below its starting 1.
 */
export function votesOn(post: SeedPost, kind: 'question' | 'answer', users: SeedUser[], now: number, into: SeedVotes): void {
  const ups = upvoteCount(Math.min(25, users.length - 1));
  const downs = kind === 'question' && ups > 0 && randomInt(6) === 0 ? 1 : 0;
  const start = randomInt(users.length);
  let given = 0;
  for (let k = 0; k < users.length && given < ups + downs; k++) {
    const voter = users[(start + k) % users.length]!;
    if (voter.id === post.authorId) continue;
    const at = after(Math.max(post.createdAt, voter.joinedAt), now);
    const up = given < ups;
    into.votes.push({ user_id: voter.id, object_id: post.id, direction: up ? 1 : -1, created_at: at });
    const [voterType, authorType, authorRank] =
      kind === 'question'
        ? up
          ? [ACT.questionVoteUp, ACT.questionVotedUp, UPVOTE_RANK]
          : [ACT.questionVoteDown, ACT.questionVotedDown, DOWNVOTE_RANK]
        : [ACT.answerVoteUp, ACT.answerVotedUp, UPVOTE_RANK];
    into.ledger.push(ledgerRow(voter.id, voter.id, post, voterType, 0, at));
    into.ledger.push(ledgerRow(post.authorId, voter.id, post, authorType, authorRank, at));
    given++;
  }
}

/** The asker's acceptance of an answer: +2 to the asker, +15 to the answerer (0 each for one's own). */
export function acceptance(answer: SeedPost, askerId: string, at: number, into: SeedVotes): void {
  const own = askerId === answer.authorId;
  into.ledger.push(ledgerRow(askerId, askerId, answer, ACT.answerAccept, own ? 0 : ACCEPT_RANK, at));
  into.ledger.push(ledgerRow(answer.authorId, askerId, answer, ACT.answerAccepted, own ? 0 : ACCEPTED_RANK, at));
}
