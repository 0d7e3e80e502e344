import type { z } from 'zod';
import { publish } from '../events/publish.js';
import type { registerSchema } from '@answer/contract';
import { badRequest, FieldErrors } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import { isDeadlock, isUniqueViolation } from '../../db/errors.js';
import type { Runtime } from '../../runtime.js';
import { createCode } from '../email/codes.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { applyDefaultNotificationConfig } from '../user/notification-config.js';
import { findUserByEmail } from '../user/queries.js';
import { emailDomainAllowed, now, usernameFrom } from './common.js';
import { queueLinkMail } from './mails.js';
import { passwordTooShort } from './password-policy.js';

type RegisterInput = z.infer<typeof registerSchema>;

const duplicateEmail = () => new FieldErrors([{ field: 'e_mail', reason: 'error.email.duplicate' }]);
/** Tries before a concurrently taken username is given up (each retry draws a new suffix). */
const USERNAME_TRIES = 5;

/**
 * E-mail sign-up (domain.md 6.2). Returns the new user's id; the caller logs them in. The route
 * declares the captcha and the per-address limit. The unique keys on e-mail and username decide
 * races: of concurrent sign-ups with one address exactly one account is made and the others get
 * the duplicate field error; a username taken meanwhile is derived again with a suffix.
 */
export async function registerByEmail(runtime: Runtime, input: RegisterInput, ctx: { ip: string; lang: string }): Promise<string> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  if (!settings.login.allow_new_registrations || !settings.login.allow_email_registrations) {
    throw badRequest('error.user.not_allowed_registration');
  }
  const email = input.e_mail.trim().toLowerCase();
  if (!emailDomainAllowed(settings, email)) {
    throw new FieldErrors([{ field: 'e_mail', reason: 'error.email.illegal_email_domain_error' }]);
  }
  if (passwordTooShort(settings, input.pass)) throw new FieldErrors([{ field: 'pass', reason: 'error.password.length' }]);
  if (await findUserByEmail(db, email)) throw duplicateEmail();
  const passHash = await hashPassword(input.pass);
  for (let attempt = 1; ; attempt++) {
    const username = await usernameFrom(runtime, db, input.name);
    try {
      const userId = await insertUser(runtime, settings, { username, displayName: input.name, email, passHash, ip: ctx.ip });
      void runtime.outbox.kick();
      return userId;
    } catch (err) {
      if (!isUniqueViolation(err) && !isDeadlock(err)) throw err;
      if (await findUserByEmail(db, email)) throw duplicateEmail();
      if (attempt >= USERNAME_TRIES) throw new FieldErrors([{ field: 'name', reason: 'error.user.username_duplicate' }]);
    }
  }
}

async function insertUser(
  runtime: Runtime,
  settings: SiteSettings,
  user: { username: string; displayName: string; email: string; passHash: string; ip: string },
): Promise<string> {
  const t = now();
  return runtime.database.transaction().execute(async (trx) => {
    await trx
      .insertInto('user')
      .values({
        created_at: t,
        updated_at: t,
        last_login_date: t,
        username: user.username,
        display_name: user.displayName,
        e_mail: user.email,
        pass: user.passHash,
        mail_status: 2,
        status: 1,
        rank: 0,
        ip_info: user.ip.slice(0, 255),
        avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
        language: '',
      })
      .execute();
    // insertId is undefined on PostgreSQL; the unique username finds the row on every dialect.
    const row = await trx.selectFrom('user').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
    const userId = String(row.id);
    await applyDefaultNotificationConfig(trx, userId);
    await publish(trx, { kind: 'user.register', actorId: userId, userId });
    const code = await createCode(trx, 'activation', userId, { email: user.email });
    await queueLinkMail(trx, settings, { to: user.email, userLanguage: '', template: 'register', path: '/users/account-activation', code });
    return userId;
  });
}
