import { AppError, badRequest } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Db } from '../../db/connect.js';
import { findUserById } from '../user/queries.js';

export const now = () => Math.floor(Date.now() / 1000);

/** User ids are plain row numbers; anything else names nobody. */
const USER_ID = /^\d{1,18}$/;

/**
 * The account an admin acts on. Unknown ids are 400 `error.user.not_found` (as upstream); `self`
 * names the reason refused when the admin targets their own account (domain.md 6.7).
 */
export async function loadTarget(db: Db, rawId: string, admin: SessionUser, self?: string) {
  const id = rawId.trim();
  const row = USER_ID.test(id) ? await findUserById(db, id) : undefined;
  if (!row) throw new AppError(400, 'error.user.not_found');
  if (self && String(row.id) === admin.id) throw badRequest(self);
  return row;
}
