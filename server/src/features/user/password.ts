import type { z } from 'zod';
import type { changePasswordSchema } from '@answer/contract';
import { FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { hashPassword, verifyPassword } from '../../core/password.js';
import { revokeUserSessions } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { checkPasswordLength } from '../auth/password-policy.js';
import { findUserById } from './queries.js';

/** Change password with the old one; every other session of the account ends (domain.md 6.5). */
export async function changePassword(runtime: Runtime, user: SessionUser, currentToken: string, input: z.infer<typeof changePasswordSchema>) {
  const db = runtime.database;
  await checkPasswordLength(runtime, input.pass, 'pass');
  const row = (await findUserById(db, user.id))!;
  if (row.pass && !(await verifyPassword(input.old_pass, row.pass))) {
    throw new FieldErrors([{ field: 'old_pass', reason: 'error.object.old_password_verification_failed' }]);
  }
  if (row.pass && (await verifyPassword(input.pass, row.pass))) {
    throw new FieldErrors([{ field: 'pass', reason: 'error.object.new_password_same_as_previous_setting' }]);
  }
  await db
    .updateTable('user')
    .set({ pass: await hashPassword(input.pass), updated_at: Math.floor(Date.now() / 1000) })
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(runtime, user.id, currentToken);
}
