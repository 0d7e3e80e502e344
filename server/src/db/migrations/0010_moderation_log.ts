import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * The moderation log (beyond upstream): one row per staff action (flag handling, queue decisions,
 * status and role changes, deletions, edits of others' posts) with who, when, what and why.
 * Rows are only ever inserted. Indexes serve the admin page: newest first, by staff member, by action.
 */
export const moderationLog: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('moderation_log', (t) => {
      t = b.autoId(t);
      t = b.time(t, 'created_at');
      t = b.big(t, 'staff_user_id');
      t = b.str(t, 'action', 64, null);
      t = b.str(t, 'object_type', 32, '');
      t = b.big(t, 'object_id');
      t = b.big(t, 'target_user_id');
      t = b.text(t, 'reason');
      return b.text(t, 'detail');
    });
    await db.schema.createIndex('idx_moderation_log_staff').on('moderation_log').columns(['staff_user_id', 'id']).execute();
    await db.schema.createIndex('idx_moderation_log_action').on('moderation_log').columns(['action', 'id']).execute();
  },
};
