import { randomBytes } from 'node:crypto';
import { publish } from '../events/publish.js';
import { type adminAddUserSchema, BULK_ADD_MAX_LINES, bulkUserLineSchema } from '@answer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { AppError, FieldErrors, type FieldIssue } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { hashPassword } from '../../core/password.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { usernameFrom } from '../auth/common.js';
import { checkPasswordLength, passwordTooShort } from '../auth/password-policy.js';
import { logModeration } from '../moderation/log.js';
import { record } from '../reputation/ledger.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { applyDefaultNotificationConfig } from '../user/notification-config.js';
import { now } from './users-target.js';

type NewUser = z.infer<typeof adminAddUserSchema>;
interface Prepared extends NewUser {
  username: string;
  passHash: string;
}

/**
 * A username from the display name (domain.md 6.3); names that give none (other scripts, reserved
 * words) get `user-` and random hex, since an admin adding people should not have to pick one.
 * `taken` holds names this batch already uses.
 */
async function freeUsername(runtime: Runtime, name: string, taken: Set<string>): Promise<string> {
  let candidate: string;
  try {
    candidate = await usernameFrom(runtime, runtime.database, name);
  } catch (err) {
    if (!(err instanceof FieldErrors)) throw err;
    candidate = `user-${randomBytes(4).toString('hex')}`;
  }
  while (taken.has(candidate)) candidate = `${candidate.slice(0, 25)}-${randomBytes(2).toString('hex')}`;
  taken.add(candidate);
  return candidate;
}

/**
 * Inserts a verified account with the +1 of activation on the ledger, the default notification
 * settings, and a log row: what `POST /user` and each line of `POST /users` make.
 */
async function insertUser(trx: Transaction<Database>, admin: SessionUser, user: Prepared, source: 'single' | 'bulk'): Promise<string> {
  const t = now();
  await trx
    .insertInto('user')
    .values({
      created_at: t,
      updated_at: t,
      username: user.username,
      display_name: user.display_name,
      e_mail: user.email.trim().toLowerCase(),
      pass: user.passHash,
      mail_status: 1,
      notice_status: 1,
      status: 1,
      rank: 0,
      avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
      language: '',
    })
    .execute();
  const row = await trx.selectFrom('user').select('id').where('username', '=', user.username).executeTakeFirstOrThrow();
  const id = String(row.id);
  await applyDefaultNotificationConfig(trx, id);
  await publish(trx, { kind: 'user.register', actorId: admin.id, userId: id });
  await record(trx, { userId: id, triggerUserId: id, objectId: '0', originalObjectId: '0', activityType: ACT.userActivated, rank: 1 });
  await logModeration(trx, { staffId: admin.id, action: 'user.create', objectType: 'user', objectId: id, targetUserId: id, detail: { username: user.username, source } });
  return id;
}

const duplicateEmail = (field: string) => new FieldErrors([{ field, reason: 'error.email.duplicate' }]);

/** `POST /user` (domain.md 6.7): a verified account, username from the display name. */
export async function addUser(runtime: Runtime, admin: SessionUser, input: NewUser): Promise<string> {
  const db = runtime.database;
  await checkPasswordLength(runtime, input.password, 'password');
  const email = input.email.trim().toLowerCase();
  if (await db.selectFrom('user').select('id').where('e_mail', '=', email).executeTakeFirst()) throw duplicateEmail('email');
  const prepared = { ...input, email, username: await freeUsername(runtime, input.display_name, new Set()), passHash: await hashPassword(input.password) };
  try {
    return await db.transaction().execute((trx) => insertUser(trx, admin, prepared, 'single'));
  } catch (err) {
    // The unique keys decide a race with a sign-up or another admin.
    if (isUniqueViolation(err)) throw duplicateEmail('email');
    throw err;
  }
}

const lineIssue = (line: number, reason: string, vars: Record<string, string | number> = {}): FieldIssue => ({
  field: 'users',
  reason,
  vars: { line, ...vars },
});

/** The reason of a line's field error, phrased with its line number. */
const LINE_REASONS: Record<string, string> = {
  display_name: 'error.admin.bulk_line_name',
  email: 'error.admin.bulk_line_email',
  password: 'error.admin.bulk_line_password',
};

/**
 * `POST /users` (domain.md 6.7): one "name, email, password" per line, 1-5000 lines (blank lines are
 * skipped but counted, so numbers match the admin's text). Every line is checked first; any bad
 * line refuses the whole batch with one error per bad line (400, field `users`, "Line N: ...").
 * The accounts are then made in one transaction, so a batch is added entirely or not at all.
 */
export async function addUsers(runtime: Runtime, admin: SessionUser, text: string): Promise<number> {
  const db = runtime.database;
  const lines = text.split(/\r?\n/).map((raw, i) => ({ number: i + 1, raw })).filter((l) => l.raw.trim() !== '');
  if (!lines.length) throw new FieldErrors([{ field: 'users', reason: 'error.common.required' }]);
  if (lines.length > BULK_ADD_MAX_LINES) throw new FieldErrors([{ field: 'users', reason: 'error.admin.bulk_too_many', vars: { max: BULK_ADD_MAX_LINES } }]);
  const settings = await loadSiteSettings(runtime);
  const issues: FieldIssue[] = [];
  const valid: { line: number; user: NewUser }[] = [];
  const seen = new Map<string, number>();
  for (const { number, raw } of lines) {
    const parts = raw.split(',').map((p) => p.trim());
    if (parts.length !== 3) {
      issues.push(lineIssue(number, 'error.admin.bulk_line_format'));
      continue;
    }
    const parsed = bulkUserLineSchema.safeParse({ display_name: parts[0], email: parts[1], password: parts[2] });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
      issues.push(lineIssue(number, LINE_REASONS[field] ?? 'error.admin.bulk_line_format'));
      continue;
    }
    if (passwordTooShort(settings, parsed.data.password)) {
      issues.push(lineIssue(number, LINE_REASONS.password!));
      continue;
    }
    const email = parsed.data.email.toLowerCase();
    const earlier = seen.get(email);
    if (earlier) {
      issues.push(lineIssue(number, 'error.admin.bulk_line_email_repeated', { email, other: earlier }));
      continue;
    }
    seen.set(email, number);
    valid.push({ line: number, user: { ...parsed.data, email } });
  }
  const emails = [...seen.keys()];
  for (let i = 0; i < emails.length; i += 500) {
    const used = await db.selectFrom('user').select('e_mail').where('e_mail', 'in', emails.slice(i, i + 500)).execute();
    for (const { e_mail } of used) issues.push(lineIssue(seen.get(e_mail)!, 'error.admin.bulk_line_email_used', { email: e_mail }));
  }
  if (issues.length) throw new FieldErrors(issues.sort((a, b) => Number(a.vars!.line) - Number(b.vars!.line)), 'error.admin.bulk_add_failed');

  const taken = new Set<string>();
  const prepared: Prepared[] = [];
  for (const { user } of valid) {
    prepared.push({ ...user, username: await freeUsername(runtime, user.display_name, taken), passHash: await hashPassword(user.password) });
  }
  try {
    await db.transaction().execute(async (trx) => {
      for (const user of prepared) await insertUser(trx, admin, user, 'bulk');
    });
  } catch (err) {
    // An address or username taken between the check and the insert: nothing was added; try again.
    if (isUniqueViolation(err)) throw new AppError(409, 'error.admin.bulk_add_conflict');
    throw err;
  }
  return prepared.length;
}
