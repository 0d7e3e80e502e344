import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ContentEvent {
  /** An ACT value. */
  type: number;
  /** Who did it (domain.md 12.1: the author, editor or moderator). */
  userId: string;
  objectId: string;
  /** The object whose timeline shows the event: the question for its answers and comments. */
  originalObjectId: string;
  revisionId?: string;
}

/** What an activity row records (domain.md 2.10). */
export interface ActivityFields {
  /** Whose row it is: the voter, the author receiving points, the editor... */
  userId: string;
  triggerUserId: string;
  objectId: string;
  originalObjectId: string;
  activityType: number;
  /** Reputation change for userId; 0 for rows that only record the event. */
  rank: number;
  /** The revision an edit event refers to. */
  revisionId?: string;
}

interface ActivityRow extends ActivityFields {
  hasRank: boolean;
}

/** Inserts one activity row; the ledger and content events both write through here. */
export async function writeActivity(db: Kysely<Database>, row: ActivityRow): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  await db
    .insertInto('activity')
    .values({
      created_at: t,
      updated_at: t,
      user_id: row.userId,
      trigger_user_id: row.triggerUserId,
      object_id: row.objectId,
      original_object_id: row.originalObjectId,
      activity_type: row.activityType,
      rank: row.rank,
      has_rank: row.hasRank ? 1 : 0,
      revision_id: row.revisionId ?? '0',
    })
    .execute();
}

/**
 * Records a content event (asked, answered, edited, closed...) for the timelines: an activity row
 * without reputation, written in the caller's transaction so it exists exactly when its change does.
 */
export async function recordEvent(trx: Kysely<Database>, e: ContentEvent): Promise<void> {
  await writeActivity(trx, {
    userId: e.userId,
    triggerUserId: e.userId,
    objectId: e.objectId,
    originalObjectId: e.originalObjectId,
    activityType: e.type,
    rank: 0,
    hasRank: false,
    revisionId: e.revisionId,
  });
}
