import type { Kysely } from 'kysely';
import { OBJECT_TYPE, objectTypeOf } from '../../core/ids.js';
import type { Database } from '../../db/schema.js';
import { ACT } from '../activity/types.js';
import type { SiteEvent } from '../events/types.js';
import { addInbox, type InboxNotice, MSG, type NoticeObjectType, upsertAchievement } from './store.js';

type Trx = Kysely<Database>;

/** Inbox actions whose notice is copied to the question's followers (domain.md 8.2). */
const FOLLOWER_COPIES = new Set(['answer_the_question', 'update_answer', 'accept_answer']);
/** Ledger rows of an acceptance (activity types, domain.md 2.20). */
const ACCEPT_TYPES = [ACT.answerAccepted, ACT.answerAccept];

/**
 * The `event.notify` consumer: turns site events into inbox and achievement notifications
 * (domain.md 8.2, 8.3). It runs in the transaction that marks its outbox row done, so every
 * notification is created exactly once; kinds it does not handle are ignored.
 */
export async function notifyOnEvent(event: SiteEvent, trx: Trx): Promise<void> {
  switch (event.kind) {
    case 'answer.create': {
      const asker = await questionAuthor(trx, event.questionId);
      if (asker) await inboxWithFollowers(trx, { ...post(event, 'answer_the_question', asker), objectType: 'answer', objectId: event.answerId, answerId: event.answerId });
      return;
    }
    case 'answer.update': {
      const asker = await questionAuthor(trx, event.questionId);
      if (asker) await inboxWithFollowers(trx, { ...post(event, 'update_answer', asker), objectType: 'answer', objectId: event.answerId, answerId: event.answerId });
      return;
    }
    case 'answer.accept': {
      if (event.answerId !== '0') {
        const author = await answerAuthor(trx, event.answerId);
        if (author) await inboxWithFollowers(trx, { ...post(event, 'accept_answer', author), objectType: 'answer', objectId: event.answerId, answerId: event.answerId });
      }
      for (const objectId of [event.answerId, event.previousAnswerId]) {
        if (objectId !== '0') await achievementsOn(trx, objectId, event.questionId, 'answer', { types: ACCEPT_TYPES });
      }
      return;
    }
    case 'comment.create':
      return commentNotices(trx, event);
    case 'question.close':
    case 'question.delete': {
      const asker = await questionAuthor(trx, event.questionId);
      const action = event.kind === 'question.close' ? 'your_question_is_closed' : 'your_question_was_deleted';
      if (asker) await inbox(trx, { ...post(event, action, asker), objectType: 'question', objectId: event.questionId });
      return;
    }
    case 'answer.delete': {
      const author = await answerAuthor(trx, event.answerId);
      if (author) await inbox(trx, { ...post(event, 'your_answer_was_deleted', author), objectType: 'answer', objectId: event.answerId, answerId: event.answerId });
      return;
    }
    case 'vote':
      return voteNotices(trx, event);
    case 'invite':
      for (const userId of new Set(event.userIds)) {
        await inbox(trx, {
          receiverId: userId,
          action: 'invited_you_to_answer',
          msgType: MSG.invites,
          triggerUserId: event.actorId,
          objectType: 'question',
          objectId: event.questionId,
          questionId: event.questionId,
        });
      }
      return;
    case 'edit.approved': {
      const type = objectTypeOf(event.objectId);
      const objectType: NoticeObjectType = type === OBJECT_TYPE.question ? 'question' : type === OBJECT_TYPE.answer ? 'answer' : 'tag';
      await achievement(trx, event.suggesterId, event.objectId, event.questionId, objectType);
      return;
    }
    default:
      return;
  }
}

/** The common part of a post notice: receiver, action and who did it. */
function post(event: { actorId: string; questionId: string }, action: string, receiverId: string) {
  return { receiverId, action, msgType: MSG.posts, triggerUserId: event.actorId, questionId: event.questionId };
}

/** Nobody is told about what they did themselves. */
async function inbox(trx: Trx, n: InboxNotice): Promise<boolean> {
  if (!n.receiverId || n.receiverId === '0' || n.receiverId === n.triggerUserId) return false;
  return addInbox(trx, n);
}

/**
 * The notice, and when it was created, a copy for every follower of the question who is not its
 * receiver already, nor the actor (domain.md 8.2: no notice, no copies, as with a self-answer).
 */
async function inboxWithFollowers(trx: Trx, n: InboxNotice): Promise<void> {
  if (!(await inbox(trx, n)) || !FOLLOWER_COPIES.has(n.action)) return;
  const followers = await trx
    .selectFrom('activity')
    .select('user_id')
    .where('object_id', '=', n.questionId)
    .where('activity_type', '=', ACT.questionFollow)
    .where('cancelled', '=', 0)
    .execute();
  // Neither the receiver (no second item) nor the actor (told of their own act) gets a copy.
  const copied = new Set([n.receiverId, n.triggerUserId]);
  for (const f of followers) {
    const id = String(f.user_id);
    if (copied.has(id)) continue;
    copied.add(id);
    await addInbox(trx, { ...n, receiverId: id, followerCopy: true });
  }
}

/**
 * A comment notifies the replied user if it is a reply; otherwise the users it mentions; only
 * when it does neither, the author of the post commented on (domain.md 8.2).
 */
async function commentNotices(trx: Trx, event: Extract<SiteEvent, { kind: 'comment.create' }>): Promise<void> {
  const onAnswer = objectTypeOf(event.objectId) === OBJECT_TYPE.answer;
  const base = {
    msgType: MSG.posts,
    triggerUserId: event.actorId,
    objectType: 'comment' as const,
    objectId: event.commentId,
    questionId: event.questionId,
    answerId: onAnswer ? event.objectId : '',
    commentId: event.commentId,
  };
  if (event.replyUserId && event.replyUserId !== '0') {
    await inbox(trx, { ...base, receiverId: event.replyUserId, action: 'reply_to_you' });
    return;
  }
  if (event.mentionUserIds.length) {
    for (const userId of new Set(event.mentionUserIds)) await inbox(trx, { ...base, receiverId: userId, action: 'mention_you' });
    return;
  }
  const author = onAnswer ? await answerAuthor(trx, event.objectId) : await questionAuthor(trx, event.objectId);
  if (author) await inbox(trx, { ...base, receiverId: author, action: onAnswer ? 'comment_answer' : 'comment_question' });
}

/**
 * A vote tells the author only the first time that voter votes on that object (the dedupe key
 * outlives an undo, so voting again does not notify again); downvotes do not name the voter.
 * Everyone whose reputation the vote moved gets their achievement on the object updated.
 */
async function voteNotices(trx: Trx, event: Extract<SiteEvent, { kind: 'vote' }>): Promise<void> {
  if (event.direction !== 0) {
    const up = event.direction === 1 || event.objectType === 'comment';
    const answerId = event.objectType === 'answer' ? event.objectId : event.objectType === 'comment' ? await commentAnswer(trx, event.objectId) : '';
    await inbox(trx, {
      receiverId: event.ownerId,
      action: `${up ? 'up' : 'down'}_voted_${event.objectType}`,
      msgType: MSG.votes,
      triggerUserId: event.actorId,
      showTrigger: up,
      objectType: event.objectType,
      objectId: event.objectId,
      questionId: event.questionId,
      answerId,
      commentId: event.objectType === 'comment' ? event.objectId : '',
      dedupeKey: `vote:${event.actorId}:${event.objectId}`,
    });
  }
  if (event.objectType !== 'comment') await achievementsOn(trx, event.objectId, event.questionId, event.objectType, { triggerUserId: event.actorId });
}

/**
 * Updates the achievement of every user with a reputation-bearing ledger row on the object (of
 * the given trigger user or activity types), active or undone: an undo changes the sum too.
 */
async function achievementsOn(
  trx: Trx,
  objectId: string,
  questionId: string,
  objectType: 'question' | 'answer',
  filter: { triggerUserId?: string; types?: number[] },
): Promise<void> {
  let q = trx.selectFrom('activity').select('user_id').distinct().where('object_id', '=', objectId).where('has_rank', '=', 1).where('rank', '!=', 0);
  if (filter.triggerUserId) q = q.where('trigger_user_id', '=', filter.triggerUserId);
  if (filter.types) q = q.where('activity_type', 'in', filter.types);
  const users = (await q.execute()).map((r) => String(r.user_id)).sort();
  for (const userId of users) await achievement(trx, userId, objectId, questionId, objectType);
}

async function achievement(trx: Trx, receiverId: string, objectId: string, questionId: string, objectType: NoticeObjectType): Promise<void> {
  await upsertAchievement(trx, {
    receiverId,
    objectType,
    objectId,
    questionId: questionId === '0' ? '' : questionId,
    answerId: objectType === 'answer' ? objectId : '',
    dedupeKey: `ach:${objectId}`,
    rank: () => rankOn(trx, receiverId, objectId),
    skipZero: true,
  });
}

/**
 * The sum of a user's active reputation-bearing ledger rows on one object (domain.md 8.3). The
 * consumer runs read committed (core/outbox.ts), so this sees the votes committed while it waited
 * for the notification row's lock.
 */
export async function rankOn(trx: Trx, userId: string, objectId: string): Promise<number> {
  const q = trx.selectFrom('activity').select('rank').where('user_id', '=', userId).where('object_id', '=', objectId).where('cancelled', '=', 0).where('has_rank', '=', 1);
  const rows = await q.execute();
  return rows.reduce((sum, r) => sum + Number(r.rank), 0);
}

async function questionAuthor(trx: Trx, questionId: string): Promise<string | null> {
  const row = await trx.selectFrom('question').select('user_id').where('id', '=', questionId).executeTakeFirst();
  return row ? String(row.user_id) : null;
}

async function answerAuthor(trx: Trx, answerId: string): Promise<string | null> {
  const row = await trx.selectFrom('answer').select('user_id').where('id', '=', answerId).executeTakeFirst();
  return row ? String(row.user_id) : null;
}

/** The answer a comment hangs on, '' for a comment on the question. */
async function commentAnswer(trx: Trx, commentId: string): Promise<string> {
  const row = await trx.selectFrom('comment').select('object_id').where('id', '=', commentId).executeTakeFirst();
  return row && objectTypeOf(String(row.object_id)) === OBJECT_TYPE.answer ? String(row.object_id) : '';
}
