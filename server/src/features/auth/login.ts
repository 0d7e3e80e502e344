import type { z } from 'zod';
import type { loginSchema } from '@answer/contract';
import { badRequest, FieldErrors } from '../../core/errors.js';
import { verifyPassword } from '../../core/password.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserByEmail } from '../user/queries.js';
import { now } from './common.js';

type LoginInput = z.infer<typeof loginSchema>;

/**
 * E-mail + password login (domain.md 6.4). Every failure reads the same ("e-mail or password
 * incorrect") so accounts cannot be probed. The route declares the captcha and limits: failures
 * count per address and per account before the password is even checked. Suspended and unverified
 * users do get a session: the guardian then answers 403 with their state, which the web turns into
 * the right page.
 */
export async function loginByEmail(runtime: Runtime, input: LoginInput): Promise<string> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  if (!settings.login.allow_password_login) throw badRequest('error.user.not_allowed_login_via_password');
  const user = await findUserByEmail(db, input.e_mail);
  const ok = !!user && Number(user.status) !== 10 && (await verifyPassword(input.pass, user.pass));
  if (!ok) {
    throw new FieldErrors([{ field: 'e_mail', reason: 'error.object.email_or_password_incorrect' }], 'error.object.email_or_password_incorrect');
  }
  await db.updateTable('user').set({ last_login_date: now() }).where('id', '=', String(user!.id)).execute();
  return String(user!.id);
}
