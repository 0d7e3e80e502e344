import { type Insertable, type Kysely, sql } from 'kysely';
import { enqueue } from '../../core/outbox.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database, NotificationTable } from '../../db/schema.js';
import { mailForInbox } from '../email/inbox-mail.js';
import { forgetStatus } from './status-cache.js';

/** notification.type, msg_type and is_read values (domain.md 2.11). */
export const NOTICE = { inbox: 1, achievement: 2 } as const;
export const MSG = { none: 0, posts: 1, votes: 2, invites: 3 } as const;
export const READ_STATE = { unread: 1, read: 2 } as const;
export const NOTICE_STATUS = { normal: 1, deleted: 10 } as const;
/** Dedupe-key prefix of badge-award rows; the pending badge alert is the oldest unread one. */
export const BADGE_KEY_PREFIX = 'badge:';

export type NoticeObjectType = 'question' | 'answer' | 'comment' | 'tag' | 'badge_award';

/**
 * Outbox topic of every inbox notification created, written in its transaction: notification
 * plugins receive each one (plugin/notify.ts). Achievements are not mirrored (domain.md 8.8).
 */
export const INBOX_CREATED_TOPIC = 'notification.inbox';

/** An inbox notification as that topic carries it: ids, read again when it is handled. */
export interface InboxCreated {
  receiverId: string;
  /** `notification.action.*` key without the prefix. */
  action: string;
  /** '' when the notice does not name who did it (downvotes). */
  triggerUserId: string;
  questionId: string;
  answerId: string;
  commentId: string;
}

/**
 * What a row's `content` holds: ids only. Names and titles are read when the list is shown, so a
 * renamed user or an edited title shows its current value, and a post deleted since does not
 * show a title the reader may no longer see (visibility/rules.ts).
 */
export interface StoredContent {
  /** `notification.action.*` key without the prefix. */
  action: string;
  /** '0' when the list must not name anyone (downvotes, achievements, badges). */
  trigger_user_id: string;
  object_type: NoticeObjectType;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  badge_id: string;
  rank: number;
}

type Trx = Kysely<Database>;
const now = () => Math.floor(Date.now() / 1000);

export interface InboxNotice {
  receiverId: string;
  action: string;
  msgType: number;
  triggerUserId: string;
  /** Store the trigger user? Downvote notices keep the voter to themselves. */
  showTrigger?: boolean;
  objectType: NoticeObjectType;
  objectId: string;
  questionId: string;
  answerId?: string;
  commentId?: string;
  /** Set when the notice may exist only once per receiver (a voter's first vote). */
  dedupeKey?: string;
  /** A follower's copy: shown in the inbox, but mailed only to the one the event was about (domain.md 8.5). */
  followerCopy?: boolean;
}

/**
 * Inserts a row; with a dedupe key, only if that receiver has none with the key yet (one
 * statement on the unique index, never read-then-write). True when a row was created.
 */
async function insertNotice(trx: Trx, values: Insertable<NotificationTable>): Promise<boolean> {
  if (!values.dedupe_key) {
    await trx.insertInto('notification').values(values).execute();
    return true;
  }
  const insert =
    dialectOf(trx) === 'mysql'
      ? trx.insertInto('notification').orIgnore().values(values)
      : trx.insertInto('notification').values(values).onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing());
  const result = await insert.executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Adds one to a red-dot counter in the caller's transaction (one upsert statement). */
export async function bumpRedDot(trx: Trx, userId: string, column: 'inbox' | 'achievement'): Promise<void> {
  const values = { user_id: userId, inbox: column === 'inbox' ? 1 : 0, achievement: column === 'achievement' ? 1 : 0, updated_at: now() };
  const insert = trx.insertInto('notification_state').values(values);
  if (dialectOf(trx) === 'mysql') {
    await insert.onDuplicateKeyUpdate({ [column]: sql`${sql.ref(column)} + 1`, updated_at: values.updated_at }).execute();
  } else {
    await insert
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`${sql.ref(`notification_state.${column}`)} + 1`, updated_at: values.updated_at }))
      .execute();
  }
  forgetStatus(userId);
}

export function storedContent(c: Partial<StoredContent> & Pick<StoredContent, 'action' | 'object_type' | 'object_id'>): string {
  const full: StoredContent = {
    trigger_user_id: '0',
    question_id: '',
    answer_id: '',
    comment_id: '',
    badge_id: '',
    rank: 0,
    ...c,
  };
  return JSON.stringify(full);
}

/**
 * Creates one inbox notification (and its red dot and possible e-mail) in the caller's
 * transaction. Returns whether it was created (false: the dedupe key existed already).
 */
export async function addInbox(trx: Trx, n: InboxNotice): Promise<boolean> {
  const t = now();
  const created = await insertNotice(trx, {
    created_at: t,
    updated_at: t,
    user_id: n.receiverId,
    object_id: n.objectId,
    type: NOTICE.inbox,
    msg_type: n.msgType,
    is_read: READ_STATE.unread,
    status: NOTICE_STATUS.normal,
    dedupe_key: n.dedupeKey ?? null,
    content: storedContent({
      action: n.action,
      trigger_user_id: n.showTrigger === false ? '0' : n.triggerUserId,
      object_type: n.objectType,
      object_id: n.objectId,
      question_id: n.questionId,
      answer_id: n.answerId ?? '',
      comment_id: n.commentId ?? '',
    }),
  });
  if (!created) return false;
  await bumpRedDot(trx, n.receiverId, 'inbox');
  const mirrored: InboxCreated = {
    receiverId: n.receiverId,
    action: n.action,
    triggerUserId: n.showTrigger === false ? '' : n.triggerUserId,
    questionId: n.questionId,
    answerId: n.answerId ?? '',
    commentId: n.commentId ?? '',
  };
  await enqueue(trx, INBOX_CREATED_TOPIC, mirrored);
  if (n.followerCopy) return true;
  // The e-mail feature decides which actions mail (answers, comments, replies, invitations).
  await mailForInbox(trx, {
    receiverId: n.receiverId,
    triggerUserId: n.triggerUserId,
    action: n.action,
    questionId: n.questionId,
    ...(n.answerId ? { answerId: n.answerId } : {}),
    ...(n.commentId ? { commentId: n.commentId } : {}),
  });
  return true;
}

export interface AchievementNotice {
  receiverId: string;
  objectType: NoticeObjectType;
  objectId: string;
  questionId: string;
  answerId?: string;
  dedupeKey: string;
  /** Computed after the row is locked, so the last writer always stores the newest value. */
  rank: () => Promise<number>;
  /** Created only when the rank is non-zero (a vote cast and withdrawn before this ran). */
  skipZero?: boolean;
  action?: string;
  badgeId?: string;
}

/**
 * One achievement row per (receiver, object), updated in place (domain.md 8.3): a new row adds a
 * red dot; an update sets the new rank, bumps updated_at and marks it unread, without a red dot.
 */
export async function upsertAchievement(trx: Trx, n: AchievementNotice): Promise<void> {
  const t = now();
  const content = (rank: number) =>
    storedContent({
      action: n.action ?? '',
      object_type: n.objectType,
      object_id: n.objectId,
      question_id: n.questionId,
      answer_id: n.answerId ?? '',
      badge_id: n.badgeId ?? '',
      rank,
    });
  const lockExisting = async () => {
    let q = trx.selectFrom('notification').select('id').where('user_id', '=', n.receiverId).where('dedupe_key', '=', n.dedupeKey);
    if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
    return q.executeTakeFirst();
  };
  let existing = await lockExisting();
  if (!existing) {
    const rank = await n.rank();
    if (rank === 0 && n.skipZero) return;
    const created = await insertNotice(trx, {
      created_at: t,
      updated_at: t,
      user_id: n.receiverId,
      object_id: n.objectId,
      type: NOTICE.achievement,
      msg_type: MSG.none,
      is_read: READ_STATE.unread,
      status: NOTICE_STATUS.normal,
      dedupe_key: n.dedupeKey,
      content: content(rank),
    });
    if (created) {
      await bumpRedDot(trx, n.receiverId, 'achievement');
      return;
    }
    // Another transaction created it meanwhile: update that one.
    existing = await lockExisting();
    if (!existing) return;
  }
  const rank = await n.rank();
  await trx
    .updateTable('notification')
    .set({ content: content(rank), updated_at: t, is_read: READ_STATE.unread })
    .where('id', '=', existing.id)
    .execute();
  forgetStatus(n.receiverId);
}
