import type { z } from 'zod';
import type { passwordReplacementSchema, passwordResetSchema } from '@answer/contract';
import { badRequest } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import { revokeUserSessions } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { consumeCode, createCode } from '../email/codes.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserByEmail } from '../user/queries.js';
import { now } from './common.js';
import { queueLinkMail } from './mails.js';
import { checkPasswordLength } from './password-policy.js';

/** Forgot password: always "sent", whether or not the address belongs to someone (no probing). */
export async function requestPasswordReset(runtime: Runtime, input: z.infer<typeof passwordResetSchema>) {
  const db = runtime.database;
  const email = input.e_mail.toLowerCase();
  const user = await findUserByEmail(db, email);
  if (!user || Number(user.status) === 10) return;
  const settings = await loadSiteSettings(runtime);
  await db.transaction().execute(async (trx) => {
    const code = await createCode(trx, 'password_reset', String(user.id), { email });
    await queueLinkMail(trx, settings, { to: email, userLanguage: user.language, template: 'pass_reset', path: '/users/password-reset', code });
  });
  void runtime.outbox.kick();
}

/** Sets the new password from a reset link; every session of the account ends. */
export async function replacePassword(runtime: Runtime, input: z.infer<typeof passwordReplacementSchema>) {
  const db = runtime.database;
  // Before the code is used up, so a too short password can be corrected with the same link.
  await checkPasswordLength(runtime, input.pass, 'pass');
  const found = await consumeCode(db, 'password_reset', input.code);
  if (!found) throw badRequest('error.email.verify_url_expired');
  await db
    .updateTable('user')
    .set({ pass: await hashPassword(input.pass), updated_at: now() })
    .where('id', '=', found.userId)
    .execute();
  await revokeUserSessions(runtime, found.userId);
}
