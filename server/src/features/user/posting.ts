import { sql, type Transaction } from 'kysely';
import { ensureRouteAccess, type SessionUser, USER_STATUS } from '../../core/guardian.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';

/**
 * How a posting transaction holds its author's row: `share` when it never writes that row (a
 * comment), `update` when it goes on to change it (a question or answer moves the author's
 * counts), so two posts by one person never both hold a share lock and then deadlock upgrading it.
 */
export type AuthorLock = 'share' | 'update';

/**
 * Re-reads the author's account state inside the posting transaction, under a lock on their user
 * row, and refuses as the guardian would at the door (401 deleted, 403 inactive, 403 suspended).
 * A status change (an admin's suspension, deactivation or deletion) updates that row, so it waits
 * for posts in flight, and posts that lock after it commits see it: once the change has committed,
 * listing the person's content finds every post they will ever have made (issue 24, point 10).
 * One primary-key read. SQLite runs one write transaction at a time, so a plain read suffices.
 *
 * Call it where the transaction first touches the author's row (the counters update of a question
 * or answer, after the question/tag locks those take first), keeping the existing lock order.
 */
export async function ensureAuthorMayPost(trx: Transaction<Database>, user: SessionUser, lock: AuthorLock): Promise<void> {
  let q = trx.selectFrom('user').select(['status', 'mail_status', 'suspended_until']).where('id', '=', user.id);
  const dialect = dialectOf(trx);
  if (dialect !== 'sqlite3') {
    if (lock === 'update') q = q.forUpdate();
    // MariaDB does not know FOR SHARE (MySQL 8's spelling); both accept the older form.
    else q = dialect === 'mysql' ? q.modifyEnd(sql`lock in share mode`) : q.forShare();
  }
  const row = await q.executeTakeFirst();
  let status: number = row ? Number(row.status) : USER_STATUS.deleted;
  // A suspension whose term has ended counts as lifted, as the session treats it (core/session.ts).
  const until = Number(row?.suspended_until ?? 0);
  if (status === USER_STATUS.suspended && until > 0 && until <= Math.floor(Date.now() / 1000)) status = USER_STATUS.available;
  ensureRouteAccess({ ...user, status, mailStatus: Number(row?.mail_status ?? 0) }, 'auth', false);
}
