import { USER_STATUS } from '../../core/guardian.js';
import type { Db } from '../../db/connect.js';
import { findUserByEmail } from '../user/queries.js';
import { markEmailVerified } from './verify-email.js';

export type ActivationOutcome =
  | { result: 'activated' | 'already_active'; username: string }
  | { result: 'unknown' | 'deleted' };

/**
 * `answer user activate <email>`: what the activation link does, for a site that cannot send it
 * (no mail server) or a person whose mail never arrives.
 */
export async function activateByEmail(db: Db, email: string): Promise<ActivationOutcome> {
  const user = await findUserByEmail(db, email);
  if (!user) return { result: 'unknown' };
  if (Number(user.status) === USER_STATUS.deleted) return { result: 'deleted' };
  const switched = await markEmailVerified(db, String(user.id));
  return { result: switched ? 'activated' : 'already_active', username: user.username };
}
