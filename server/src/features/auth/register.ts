import type { z } from 'zod';
import type { registerSchema } from '@answer/contract';
import { badRequest, FieldErrors } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import type { Runtime } from '../../runtime.js';
import { checkCaptcha, countAttempt, countTowardsLimit, ensureUnderLimit } from '../captcha/service.js';
import { createCode } from '../email/codes.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserByEmail } from '../user/queries.js';
import { emailDomainAllowed, now, usernameFrom } from './common.js';
import { queueLinkMail } from './mails.js';

type RegisterInput = z.infer<typeof registerSchema>;

export const DEFAULT_NOTIFICATION_SOURCES = [
  { source: 'inbox', enabled: 1 },
  { source: 'all_new_question', enabled: 0 },
  { source: 'all_new_question_for_following_tags', enabled: 0 },
];

/** E-mail sign-up (domain.md 6.2). Returns the new user's id; the caller logs them in. */
export async function registerByEmail(runtime: Runtime, input: RegisterInput, ctx: { ip: string; lang: string }): Promise<string> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  if (!settings.login.allow_new_registrations || !settings.login.allow_email_registrations) {
    throw badRequest('error.user.not_allowed_registration');
  }
  const email = input.e_mail.toLowerCase();
  if (!emailDomainAllowed(settings, email)) {
    throw new FieldErrors([{ field: 'e_mail', reason: 'error.email.illegal_email_domain_error' }]);
  }
  const ipSubject = `ip:${ctx.ip}`;
  await ensureUnderLimit(runtime, 'register_ip', ipSubject);
  await checkCaptcha(runtime, 'email', ipSubject, null, input);
  if (await findUserByEmail(db, email)) throw new FieldErrors([{ field: 'e_mail', reason: 'error.email.duplicate' }]);
  const username = await usernameFrom(runtime, db, input.name);
  const passHash = await hashPassword(input.pass);
  await countAttempt(runtime, 'email', ipSubject);
  await countTowardsLimit(runtime, 'register_ip', ipSubject);

  const t = now();
  const userId = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user')
      .values({
        created_at: t,
        updated_at: t,
        last_login_date: t,
        username,
        display_name: input.name,
        e_mail: email,
        pass: passHash,
        mail_status: 2,
        status: 1,
        rank: 0,
        ip_info: ctx.ip.slice(0, 255),
        avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
        language: '',
      })
      .execute();
    // insertId is undefined on PostgreSQL; the unique username finds the row on every dialect.
    const user = await trx.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const userId = String(user.id);
    await trx
      .insertInto('user_notification_config')
      .values(
        DEFAULT_NOTIFICATION_SOURCES.map((s) => ({
          user_id: userId,
          source: s.source,
          enabled: s.enabled,
          channels: JSON.stringify([{ key: 'email', enable: Boolean(s.enabled) }]),
          created_at: t,
        })),
      )
      .execute();
    const code = await createCode(trx, 'activation', userId, { email });
    await queueLinkMail(trx, settings, { to: email, userLanguage: '', template: 'register', path: '/users/account-activation', code });
    return userId;
  });
  void runtime.outbox.kick();
  return userId;
}
