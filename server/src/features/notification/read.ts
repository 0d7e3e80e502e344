import type { NotificationTypeName } from '@answer/contract';
import { notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { forgetStatus } from './status-cache.js';
import { NOTICE, NOTICE_STATUS, READ_STATE } from './store.js';

const now = () => Math.floor(Date.now() / 1000);
const column = (type: number) => (type === NOTICE.inbox ? 'inbox' : 'achievement') as 'inbox' | 'achievement';

/** `PUT /notification/status {type}`: the red dot of that stream back to zero. */
export async function resetRedDot(runtime: Runtime, user: SessionUser, type: NotificationTypeName): Promise<void> {
  await runtime.database.updateTable('notification_state').set({ [type]: 0, updated_at: now() }).where('user_id', '=', user.id).execute();
  forgetStatus(user.id);
}

/**
 * `PUT /notification/read/state {id}`: one of the caller's notifications read. The red dot goes
 * down only when this call changed it from unread (a repeated call changes nothing); a badge
 * award read this way is acknowledged and leaves the alert. Someone else's id is a 404.
 */
export async function markRead(runtime: Runtime, user: SessionUser, id: string): Promise<void> {
  const db = runtime.database;
  const row = await db.selectFrom('notification').select(['type']).where('id', '=', id).where('user_id', '=', user.id).where('status', '=', NOTICE_STATUS.normal).executeTakeFirst();
  if (!row) throw notFound('error.object.not_found');
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('notification')
      .set({ is_read: READ_STATE.read })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .where('is_read', '=', READ_STATE.unread)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return;
    const col = column(Number(row.type));
    await trx
      .updateTable('notification_state')
      .set((eb) => ({ [col]: eb(col, '-', 1), updated_at: now() }))
      .where('user_id', '=', user.id)
      .where(col, '>', 0)
      .execute();
  });
  forgetStatus(user.id);
}

/** `PUT /notification/read/state/all {type}`: every notification of that stream read, its red dot cleared. */
export async function markAllRead(runtime: Runtime, user: SessionUser, type: NotificationTypeName): Promise<void> {
  const db = runtime.database;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notification')
      .set({ is_read: READ_STATE.read })
      .where('user_id', '=', user.id)
      .where('type', '=', NOTICE[type])
      .where('is_read', '=', READ_STATE.unread)
      .execute();
    await trx.updateTable('notification_state').set({ [type]: 0, updated_at: now() }).where('user_id', '=', user.id).execute();
  });
  forgetStatus(user.id);
}
