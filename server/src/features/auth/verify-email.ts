import { MAIL_STATUS } from '@answer/contract';
import type { Db } from '../../db/connect.js';
import { grantActivationBonus, now } from './common.js';

/**
 * Marks an account's e-mail verified: the activation link and `answer user activate` both end here,
 * so the one-time activation bonus follows either way. Only the call that switches the status grants
 * it; a second one at the same moment finds the account verified already. False when it already was.
 */
export async function markEmailVerified(db: Db, userId: string): Promise<boolean> {
  const switched = await db
    .updateTable('user')
    .set({ mail_status: MAIL_STATUS.verified, updated_at: now() })
    .where('id', '=', userId)
    .where('mail_status', '!=', MAIL_STATUS.verified)
    .executeTakeFirst();
  if (Number(switched.numUpdatedRows) !== 1) return false;
  await grantActivationBonus(db, userId);
  return true;
}
