import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { A } from '../answer/service.js';
import type { SiteEvent } from '../events/types.js';
import { amountOf, awardByHandler } from './award.js';

/**
 * The badge rules (domain.md 9.2): which site event feeds which rule handler (the `handler` column
 * of the seeded badge rows), and who receives the badge. Runs as the `event.badge` outbox consumer,
 * inside the transaction that marks its row done, so each event is judged exactly once.
 */
export const HANDLER = {
  profile: 'FirstUpdateUserProfile',
  edit: 'FirstPostEdit',
  flag: 'FirstFlaggedPost',
  vote: 'FirstVotedPost',
  react: 'FirstReactedPost',
  share: 'FirstSharedPost',
  accept: 'FirstAcceptAnswer',
  accepted: 'ReachAnswerAcceptedAmount',
  answerVotes: 'ReachAnswerVote',
  questionVotes: 'ReachQuestionVote',
} as const;

/** A threshold badge passes when `value` reached its param's amount (a badge without one never does). */
export const reaches = (value: number) => (badge: Parameters<typeof amountOf>[0]) => {
  const amount = amountOf(badge);
  return amount !== null && value >= amount;
};

/** How many accepted answers of a user are still available (Solved counts these). */
export async function acceptedAnswerCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('answer')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('adopted', '=', 2)
    .where('status', '=', A.available)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The `event.badge` consumer: ignores the kinds no badge listens to. */
export async function handleBadgeEvent(event: SiteEvent, trx: Kysely<Database>): Promise<void> {
  switch (event.kind) {
    case 'profile.update':
      if (event.bio) await awardByHandler(trx, HANDLER.profile, event.actorId, event.actorId);
      return;
    case 'question.update':
      await awardByHandler(trx, HANDLER.edit, event.actorId, event.questionId);
      return;
    case 'answer.update':
      await awardByHandler(trx, HANDLER.edit, event.actorId, event.answerId);
      return;
    case 'flag':
      await awardByHandler(trx, HANDLER.flag, event.actorId, event.objectId);
      return;
    case 'react':
      // Upstream counts taking a reaction back as well (domain.md 9.2).
      await awardByHandler(trx, HANDLER.react, event.actorId, event.objectId);
      return;
    case 'share':
      await awardByHandler(trx, HANDLER.share, event.sharerId, event.questionId);
      return;
    case 'answer.accept': {
      if (!event.answerId || event.answerId === '0') return; // a withdrawn accept earns nothing
      await awardByHandler(trx, HANDLER.accept, event.actorId, event.questionId);
      const answer = await trx.selectFrom('answer').select('user_id').where('id', '=', event.answerId).executeTakeFirst();
      if (!answer) return;
      const author = String(answer.user_id);
      await awardByHandler(trx, HANDLER.accepted, author, event.answerId, reaches(await acceptedAnswerCount(trx, author)));
      return;
    }
    case 'vote': {
      if (event.direction === 0) return; // a withdrawn vote earns nothing
      // Any vote counts, downvotes included (upstream quirk kept: the rule is "voted", domain.md 9.2).
      await awardByHandler(trx, HANDLER.vote, event.actorId, event.objectId);
      const handler = event.objectType === 'answer' ? HANDLER.answerVotes : event.objectType === 'question' ? HANDLER.questionVotes : null;
      if (handler) await awardByHandler(trx, handler, event.ownerId, event.objectId, reaches(event.upVotes));
      return;
    }
    default:
      return;
  }
}
