import type { adminUserPasswordSchema, adminUserProfileSchema } from '@answer/contract';
import type { z } from 'zod';
import { AppError, badRequest, FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { hashPassword } from '../../core/password.js';
import { revokeUserSessions } from '../../core/session.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Runtime } from '../../runtime.js';
import { queueLinkMail } from '../auth/mails.js';
import { checkPasswordLength } from '../auth/password-policy.js';
import { createCode } from '../email/codes.js';
import { logModeration } from '../moderation/log.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadTarget, now } from './users-target.js';

const refuseDeleted = (row: { status: number | string }) => {
  if (Number(row.status) === 10) throw new AppError(400, 'error.admin.user_deleted');
};

/** `PUT /user/password` (domain.md 6.7): not one's own (that needs the old one); every session of the person ends. */
export async function setUserPassword(runtime: Runtime, admin: SessionUser, input: z.infer<typeof adminUserPasswordSchema>): Promise<void> {
  const db = runtime.database;
  await checkPasswordLength(runtime, input.password, 'password');
  const target = await loadTarget(db, input.user_id, admin, 'error.admin.cannot_update_their_password');
  refuseDeleted(target);
  const id = String(target.id);
  const pass = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user').set({ pass, updated_at: now() }).where('id', '=', id).execute();
    await logModeration(trx, { staffId: admin.id, action: 'user.password', objectType: 'user', objectId: id, targetUserId: id, reason: input.reason });
  });
  await revokeUserSessions(runtime, id);
}

/**
 * Path segments under /users/ that no username may take, admins included (domain.md 6.3,
 * path-ignore list): the profile URL would be the page instead.
 */
const PATH_NAMES = new Set([
  'unsubscribe', 'settings', 'login', 'logout', 'register', 'account-recovery', 'change-email', 'password-reset', 'account-activation',
  'confirm-new-email', 'account-suspended', 'confirm-email', 'auth-landing', 'notifications',
]);

/**
 * `PUT /user/profile` (domain.md 6.7): display name, username and e-mail of someone else. The unique
 * keys decide races with other changes; a new address is taken as verified, as the admin vouches.
 */
export async function setUserProfile(runtime: Runtime, admin: SessionUser, input: z.infer<typeof adminUserProfileSchema>): Promise<void> {
  const db = runtime.database;
  const target = await loadTarget(db, input.user_id, admin, 'error.admin.cannot_edit_their_profile');
  refuseDeleted(target);
  const id = String(target.id);
  const email = input.email.trim().toLowerCase();
  if (PATH_NAMES.has(input.username)) throw new FieldErrors([{ field: 'username', reason: 'error.user.username_invalid' }]);
  const [byName, byEmail] = await Promise.all([
    db.selectFrom('user').select('id').where('username', '=', input.username).where('id', '!=', id).executeTakeFirst(),
    db.selectFrom('user').select('id').where('e_mail', '=', email).where('id', '!=', id).executeTakeFirst(),
  ]);
  const issues = [
    ...(byName ? [{ field: 'username', reason: 'error.user.username_duplicate' }] : []),
    ...(byEmail ? [{ field: 'email', reason: 'error.email.duplicate' }] : []),
  ];
  if (issues.length) throw new FieldErrors(issues);
  const changes = {
    display_name: { from: target.display_name, to: input.display_name },
    username: { from: target.username, to: input.username },
    email: { from: target.e_mail, to: email },
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set({ display_name: input.display_name, username: input.username, e_mail: email, updated_at: now() })
        .where('id', '=', id)
        .execute();
      await logModeration(trx, {
        staffId: admin.id,
        action: 'user.profile',
        objectType: 'user',
        objectId: id,
        targetUserId: id,
        reason: input.reason,
        detail: Object.fromEntries(Object.entries(changes).filter(([, c]) => c.from !== c.to)),
      });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw new FieldErrors([{ field: 'email', reason: 'error.email.duplicate' }, { field: 'username', reason: 'error.user.username_duplicate' }]);
  }
}

/**
 * `GET /user/activation` and `POST /user/activation` (domain.md 6.7): a fresh activation link for
 * an unverified account, returned for the admin to pass on (a site without mail) or mailed to the
 * person. The link works like the one sign-up mails.
 */
export async function activationLink(runtime: Runtime, admin: SessionUser, rawId: string, send: boolean): Promise<string> {
  const db = runtime.database;
  const target = await loadTarget(db, rawId, admin);
  refuseDeleted(target);
  if (Number(target.mail_status) === 1) throw badRequest('error.user.already_activated');
  const id = String(target.id);
  const settings = await loadSiteSettings(runtime);
  const link = await db.transaction().execute(async (trx) => {
    const code = await createCode(trx, 'activation', id, { email: target.e_mail });
    if (send) await queueLinkMail(trx, settings, { to: target.e_mail, userLanguage: target.language, template: 'register', path: '/users/account-activation', code });
    await logModeration(trx, { staffId: admin.id, action: 'user.activation', objectType: 'user', objectId: id, targetUserId: id, detail: { sent: send } });
    return `${settings.general.site_url}/users/account-activation?code=${encodeURIComponent(code)}`;
  });
  if (send) void runtime.outbox.kick();
  return link;
}
