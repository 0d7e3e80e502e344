import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * Notification e-mails beyond upstream (docs/decisions.md, notification e-mails):
 * - `mail_digest`: a user's digest choice (off | daily | weekly) and when their next digest is due
 *   (0 = nothing scheduled); the sender claims a user by moving `next_at` conditionally.
 * - `mail_digest_entry`: mails held back for the digest, one row per would-be mail.
 * - `mail_quota`: the 50-per-7-days cap of "every new question" mails, one row per user counted
 *   with an atomic conditional increment (`claim` marks the rows one batch took).
 */
export const mailDigest: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('mail_digest', (t) => {
      t = t.addColumn('user_id', 'bigint', (c) => c.primaryKey());
      t = b.str(t, 'frequency', 16, 'off');
      t = b.time(t, 'next_at');
      t = b.time(t, 'created_at');
      return b.time(t, 'updated_at');
    });
    await db.schema.createIndex('idx_mail_digest_next_at').on('mail_digest').column('next_at').execute();
    await b.create('mail_digest_entry', (t) => {
      t = b.autoId(t);
      t = b.big(t, 'user_id');
      t = b.str(t, 'kind', 32, null);
      t = b.str(t, 'source', 64, null);
      t = b.text(t, 'payload');
      return b.time(t, 'created_at');
    });
    await db.schema.createIndex('idx_mail_digest_entry_user_id_id').on('mail_digest_entry').columns(['user_id', 'id']).execute();
    await b.create('mail_quota', (t) => {
      t = t.addColumn('user_id', 'bigint', (c) => c.primaryKey());
      t = b.time(t, 'window_start');
      t = b.int(t, 'count');
      return b.big(t, 'claim');
    });
  },
};
