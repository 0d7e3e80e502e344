import { renderBasic } from '../../../core/markdown.js';
import { problem } from '../report.js';
import type { CopyContext, Row, TableCopy } from './copy.js';
import { flagOf, idOf, intOf, textOf, timeOf } from './values.js';

/** User statuses upstream writes: available, suspended, deleted (entity/user_entity.go). */
const USER_STATUSES = new Set([1, 9, 10]);

interface Taken {
  usernames: Set<string>;
  emails: Set<string>;
}

/**
 * Accounts keep their id, their bcrypt hash (Go writes `$2a$`, which our bcrypt reads, so people
 * sign in with their old passwords), role and state. Our unique keys are stricter than upstream's
 * (e-mail compared lower-cased): a clash is renamed and reported, never silently dropped.
 */
export const users: TableCopy<Taken> = {
  from: 'user',
  to: 'user',
  kind: 'users',
  async prepare(ctx, rows) {
    const taken: Taken = { usernames: new Set(), emails: new Set() };
    if (ctx.dryRun) return taken;
    const ids = rows.map((r) => idOf(r.id));
    const names = rows.map((r) => textOf(r.username));
    const emails = rows.map((r) => textOf(r.e_mail).trim().toLowerCase());
    const clashes = await ctx.db
      .selectFrom('user')
      .select(['username', 'e_mail'])
      .where((eb) => eb.and([eb.or([eb('username', 'in', names), eb('e_mail', 'in', emails)]), eb('id', 'not in', ids)]))
      .execute();
    for (const c of clashes) {
      taken.usernames.add(c.username);
      taken.emails.add(c.e_mail);
    }
    return taken;
  },
  map(r, ctx, taken) {
    const id = idOf(r.id);
    let username = textOf(r.username);
    let email = textOf(r.e_mail).trim().toLowerCase();
    if (taken.usernames.has(username)) {
      problem(ctx.report, `user ${id}: the username "${username}" is taken by another account; renamed to "${username}_${id}".`);
      username = `${username}_${id}`;
    }
    if (taken.emails.has(email)) {
      problem(ctx.report, `user ${id}: the e-mail ${email} is used by another account (compared without case); this account was given ${id}.duplicate@invalid and must have its address set again.`);
      email = `${id}.duplicate@invalid`;
    }
    taken.usernames.add(username);
    taken.emails.add(email);
    const pass = textOf(r.pass);
    if (pass && !/^\$2[aby]\$\d\d\$/.test(pass)) problem(ctx.report, `user ${id} (${username}): the password hash is not bcrypt; this person must reset the password.`);
    let status = intOf(r.status, 1);
    if (!USER_STATUSES.has(status)) {
      problem(ctx.report, `user ${id} (${username}): unknown status ${status}, imported as available.`);
      status = 1;
    }
    const bio = textOf(r.bio);
    return {
      id,
      created_at: timeOf(r.created_at),
      updated_at: timeOf(r.updated_at),
      suspended_at: timeOf(r.suspended_at),
      suspended_until: timeOf(r.suspended_until),
      deleted_at: timeOf(r.deleted_at),
      last_login_date: timeOf(r.last_login_date),
      username,
      pass,
      e_mail: email,
      mail_status: intOf(r.mail_status, 2),
      notice_status: intOf(r.notice_status, 2),
      follow_count: intOf(r.follow_count),
      answer_count: intOf(r.answer_count),
      question_count: intOf(r.question_count),
      rank: intOf(r.rank),
      status,
      authority_group: intOf(r.authority_group, 1),
      display_name: textOf(r.display_name),
      avatar: textOf(r.avatar),
      mobile: textOf(r.mobile),
      bio,
      // Upstream's HTML is not trusted: rendered again as our profile editor renders it.
      bio_html: bio ? renderBasic(bio) : '',
      website: textOf(r.website),
      location: textOf(r.location),
      ip_info: textOf(r.ip_info),
      is_admin: flagOf(r.is_admin),
      language: textOf(r.language),
      color_scheme: textOf(r.color_scheme),
    };
  },
};

/** Upstream roles have our ids (1 user, 2 admin, 3 moderator); anything else is a plain member. */
export const userRoles: TableCopy = {
  from: 'user_role_rel',
  to: 'user_role_rel',
  kind: 'user roles',
  map(r, ctx) {
    let role = intOf(r.role_id, 1);
    if (![1, 2, 3].includes(role)) {
      problem(ctx.report, `user ${idOf(r.user_id)}: unknown role ${role}, imported as a member.`);
      role = 1;
    }
    return { id: idOf(r.id), created_at: timeOf(r.created_at), updated_at: timeOf(r.updated_at), user_id: idOf(r.user_id), role_id: role };
  },
};

export const notificationSettings: TableCopy = {
  from: 'user_notification_config',
  to: 'user_notification_config',
  kind: 'notification settings',
  map: (r) => ({
    id: idOf(r.id),
    created_at: timeOf(r.created_at),
    updated_at: timeOf(r.updated_at),
    user_id: idOf(r.user_id),
    source: textOf(r.source),
    channels: textOf(r.channels) || '[]',
    enabled: flagOf(r.enabled),
  }),
};

export const externalLogins: TableCopy = {
  from: 'user_external_login',
  to: 'user_external_login',
  kind: 'external logins',
  map: (r) => ({
    id: idOf(r.id),
    created_at: timeOf(r.created_at),
    updated_at: timeOf(r.updated_at),
    user_id: idOf(r.user_id),
    provider: textOf(r.provider),
    external_id: textOf(r.external_id),
    meta_info: textOf(r.meta_info),
  }),
};

/** Which of a page's user references are missing from the source (reported, rows kept). */
export function missingUsers(ctx: CopyContext, what: string, rows: Row[], known: Set<string>, column = 'user_id'): void {
  for (const r of rows) {
    const user = idOf(r[column]);
    if (user !== '0' && !known.has(user)) problem(ctx.report, `${what} ${idOf(r.id)}: its ${column} ${user} is not a user of the source; kept, shown as an unknown author.`);
  }
}
