/**
 * What happened on the site, as the features that react later (notifications, badges, e-mails)
 * see it. Services publish these in the transaction of the change (publish.ts); each consumer gets
 * its own outbox row, so a failing consumer is retried without repeating the others.
 *
 * Ids are 17-digit strings. `actorId` is who did it.
 */
export type SiteEvent =
  /** A question became visible to everyone: asked without review, or approved from the queue. */
  | { kind: 'question.create'; actorId: string; questionId: string }
  /** An edit of a question was applied (direct, or an approved suggestion: then actorId is the suggester). */
  | { kind: 'question.update'; actorId: string; questionId: string }
  | { kind: 'question.close'; actorId: string; questionId: string }
  /** A closed question was reopened. */
  | { kind: 'question.reopen'; actorId: string; questionId: string }
  | { kind: 'question.delete'; actorId: string; questionId: string }
  /** A deleted question was undeleted (its answers show again with it). */
  | { kind: 'question.recover'; actorId: string; questionId: string }
  /** An answer became visible to everyone. */
  | { kind: 'answer.create'; actorId: string; questionId: string; answerId: string }
  | { kind: 'answer.update'; actorId: string; questionId: string; answerId: string }
  | { kind: 'answer.delete'; actorId: string; questionId: string; answerId: string }
  /** A deleted answer was undeleted. */
  | { kind: 'answer.recover'; actorId: string; questionId: string; answerId: string }
  /**
   * The accepted answer of a question changed: `answerId` is the newly accepted one ('0' when the
   * accept was withdrawn), `previousAnswerId` the one accepted before ('0' for none).
   */
  | { kind: 'answer.accept'; actorId: string; questionId: string; answerId: string; previousAnswerId: string }
  /**
   * A vote was cast, changed or withdrawn (`direction` 0). `upVotes` is the object's up-vote count
   * after the change (badges compare it with their thresholds).
   */
  | {
      kind: 'vote';
      actorId: string;
      objectType: 'question' | 'answer' | 'comment';
      objectId: string;
      questionId: string;
      ownerId: string;
      direction: 1 | -1 | 0;
      upVotes: number;
    }
  /** A new comment; `replyUserId` is set for a reply, `mentionUserIds` are the users it mentions. */
  | {
      kind: 'comment.create';
      actorId: string;
      commentId: string;
      /** The question or answer commented on. */
      objectId: string;
      questionId: string;
      replyUserId: string | null;
      mentionUserIds: string[];
    }
  /** A comment's text was changed (by its author, an admin, or staff handling a flag). */
  | { kind: 'comment.update'; actorId: string; commentId: string; objectId: string; questionId: string }
  | { kind: 'comment.delete'; actorId: string; commentId: string; objectId: string; questionId: string }
  /** A new account (e-mail sign-up, a connector's first sign-in, or made by an administrator). */
  | { kind: 'user.register'; actorId: string; userId: string }
  /** A badge was awarded (`actorId` is the person who earned it). */
  | { kind: 'badge.award'; actorId: string; userId: string; badgeId: string; awardId: string }
  /** A new question or answer waits in the review queue (features/review). */
  | { kind: 'post.queued'; actorId: string; objectType: 'question' | 'answer'; objectId: string }
  /** Users newly invited to answer (not those invited before). */
  | { kind: 'invite'; actorId: string; questionId: string; userIds: string[] }
  /** A reaction was added or removed on a question or answer. */
  | { kind: 'react'; actorId: string; objectType: 'question' | 'answer'; objectId: string }
  /** The user saved their profile; `bio` tells whether the about-me text is non-empty. */
  | { kind: 'profile.update'; actorId: string; bio: boolean }
  /** Someone other than `sharerId` opened a question through the sharer's `?share=` link. */
  | { kind: 'share'; sharerId: string; questionId: string }
  /** A suggested edit was approved: the suggester gets an achievement. */
  | { kind: 'edit.approved'; actorId: string; suggesterId: string; objectId: string; questionId: string }
  /** A post or comment was flagged (the flag feature publishes it). */
  | { kind: 'flag'; actorId: string; objectId: string };

export type SiteEventKind = SiteEvent['kind'];
