import type { z } from 'zod';
import type { emailChangeSchema } from '@answer/contract';
import { badRequest, FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { verifyPassword } from '../../core/password.js';
import type { Runtime } from '../../runtime.js';
import { consumeCode, createCode } from '../email/codes.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserByEmail, findUserById } from '../user/queries.js';
import { emailDomainAllowed, grantActivationBonus, isVerified, now } from './common.js';
import { queueLinkMail } from './mails.js';

/** Step 1: send a confirmation link to the new address (domain.md 6.5). */
export async function requestEmailChange(runtime: Runtime, user: SessionUser, input: z.infer<typeof emailChangeSchema>) {
  const db = runtime.database;
  const row = (await findUserById(db, user.id))!;
  const email = input.e_mail.toLowerCase();
  if (isVerified(row) && row.pass && !(await verifyPassword(input.pass, row.pass))) {
    throw new FieldErrors([{ field: 'pass', reason: 'error.object.old_password_verification_failed' }]);
  }
  const settings = await loadSiteSettings(runtime);
  if (!emailDomainAllowed(settings, email)) throw new FieldErrors([{ field: 'e_mail', reason: 'error.email.illegal_email_domain_error' }]);
  if (await findUserByEmail(db, email)) throw new FieldErrors([{ field: 'e_mail', reason: 'error.email.duplicate' }]);
  await db.transaction().execute(async (trx) => {
    const code = await createCode(trx, 'email_change', user.id, { email });
    await queueLinkMail(trx, settings, {
      to: email,
      userLanguage: row.language,
      template: isVerified(row) ? 'change_email' : 'register',
      path: '/users/confirm-new-email',
      code,
    });
  });
  void runtime.outbox.kick();
}

/** Step 2: the link from the new address sets it (and verifies the account). Returns the user id. */
export async function confirmEmailChange(runtime: Runtime, code: string): Promise<string> {
  const db = runtime.database;
  const found = await consumeCode(db, 'email_change', code);
  if (!found || !found.payload.email) throw badRequest('error.email.verify_url_expired');
  const email = String(found.payload.email);
  const taken = await findUserByEmail(db, email);
  if (taken && String(taken.id) !== found.userId) throw badRequest('error.email.duplicate');
  const row = await findUserById(db, found.userId);
  if (!row || Number(row.status) === 10) throw badRequest('error.email.verify_url_expired');
  await db.updateTable('user').set({ e_mail: email, mail_status: 1, updated_at: now() }).where('id', '=', found.userId).execute();
  if (!isVerified(row)) await grantActivationBonus(db, found.userId);
  return found.userId;
}
