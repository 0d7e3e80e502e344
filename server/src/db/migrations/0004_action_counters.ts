import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * Captcha and abuse-limit counters become one row per (action, subject, time window) that requests
 * increment atomically, replacing the row-per-attempt `action_record`, whose count-then-record
 * let bursts through (docs/decisions.md, abuse limits).
 */
export const actionCounters: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('action_counter', (t) => {
      t = b.str(t, 'action', 64, null);
      t = b.str(t, 'subject', 191, null);
      t = b.big(t, 'bucket');
      t = b.int(t, 'count');
      t = b.time(t, 'last_at');
      t = b.time(t, 'prev_at');
      t = b.time(t, 'expires_at');
      return t.addPrimaryKeyConstraint('pk_action_counter', ['action', 'subject', 'bucket'] as never[]);
    });
    await db.schema.createIndex('idx_action_counter_expires_at').on('action_counter').column('expires_at').execute();
    await db.schema.dropTable('action_record').execute();
  },
};
