import type { Kysely, Transaction } from 'kysely';
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

/**
 * Records a content event (asked, answered, edited, closed...) for the timelines. Written in the
 * caller's transaction so an event exists exactly when its change does. No reputation: those rows
 * go through the ledger.
 */
export async function recordEvent(trx: Kysely<Database> | Transaction<Database>, e: ContentEvent): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  await trx
    .insertInto('activity')
    .values({
      created_at: t,
      updated_at: t,
      user_id: e.userId,
      trigger_user_id: e.userId,
      object_id: e.objectId,
      original_object_id: e.originalObjectId,
      activity_type: e.type,
      rank: 0,
      has_rank: 0,
      cancelled: 0,
      revision_id: e.revisionId ?? '0',
    })
    .execute();
}
