import { AppError, badRequest } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { bind } from '../connector/accounts.js';
import { bindingOf } from '../connector/binding-email.js';
import { consumeCode, createCode } from '../email/codes.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserById } from '../user/queries.js';
import { isVerified } from './common.js';
import { queueLinkMail } from './mails.js';
import { markEmailVerified } from './verify-email.js';

/** Activation link: verifies the address; a used or expired link answers 403 url_expired. */
export async function activateAccount(runtime: Runtime, code: string): Promise<string> {
  const db = runtime.database;
  const found = await consumeCode(db, 'activation', code);
  if (!found) throw new AppError(403, 'error.email.verify_url_expired', { type: 'url_expired' });
  const user = await findUserById(db, found.userId);
  if (!user || Number(user.status) === 10) throw new AppError(403, 'error.email.verify_url_expired', { type: 'url_expired' });
  // The link proves the address it was sent to; if the account changed address since, it proves nothing.
  if (found.payload.email && found.payload.email !== user.e_mail) {
    throw new AppError(403, 'error.email.verify_url_expired', { type: 'url_expired' });
  }
  // A link sent to an account's address to connect an external login: following it proves the
  // owner of the address wants it (connector/binding-email.ts).
  const binding = bindingOf(found.payload);
  if (binding) {
    if (Number(user.status) !== 1) throw new AppError(403, 'error.email.verify_url_expired', { type: 'url_expired' });
    await bind(runtime, binding.provider, { externalId: binding.external_id, metaInfo: binding.meta_info, providerId: binding.provider_id }, found.userId);
  }
  await markEmailVerified(db, found.userId);
  return found.userId;
}

/** Resend the activation mail to an account that is still unverified. */
export async function resendActivation(runtime: Runtime, user: SessionUser) {
  const db = runtime.database;
  const row = (await findUserById(db, user.id))!;
  if (isVerified(row)) throw badRequest('error.user.already_activated');
  const settings = await loadSiteSettings(runtime);
  await db.transaction().execute(async (trx) => {
    const code = await createCode(trx, 'activation', user.id, { email: row.e_mail });
    await queueLinkMail(trx, settings, { to: row.e_mail, userLanguage: row.language, template: 'register', path: '/users/account-activation', code });
  });
  void runtime.outbox.kick();
}
