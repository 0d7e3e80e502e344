import { createHash } from 'node:crypto';
import { ACT } from '../../activity/types.js';
import { count, problem } from '../report.js';
import { type ImportContext, int, NOTHING, seconds, type Write } from './context.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew, slices } from '../insert-new.js';

/**
 * Users.xml -> placeholder accounts. A dump has no e-mail addresses and no passwords, so each
 * account gets an address that can never receive mail (`se-<id>@<site>.invalid`) and no password:
 * nobody can sign in as it until an administrator gives it the person's real address (Admin ->
 * Users -> edit profile) and the person sets a password through "forgot password". The dump's
 * reputation becomes one ledger row, so the recount of reputation from the ledger keeps it.
 */
const AVATAR = JSON.stringify({ type: '', gravatar: '', custom: '' });

/** A short mark of the dump's site, told apart from another dump's same-named accounts. */
export const siteSalt = (host: string) => `${createHash('sha1').update(host).digest('hex').slice(0, 4)}-`;

export const placeholderEmail = (seId: number, host: string) => `se-${seId}@${host}.invalid`;

/** Usernames are [a-z0-9._-]{4,30}; the dump id keeps them apart, the name keeps them readable. */
export function usernameOf(seId: number, displayName: string, salt = ''): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 16)
    .replace(/[-._]+$/, '');
  return `${slug.length >= 2 ? slug : 'user'}-${salt}${seId < 0 ? `c${-seId}` : seId}`.slice(0, 30);
}

interface UserRow {
  id: string;
  seId: number;
  values: Record<string, string | number>;
  reputation: number;
  aboutMe: string;
}

export function mapUser(ctx: ImportContext, row: DumpRow): UserRow | null {
  const a = row.attrs;
  const seId = int(a.Id);
  if (seId === null) {
    problem(ctx.report, `Users.xml line ${row.line}: a user without a numeric Id, left out`);
    return null;
  }
  const created = seconds(a.CreationDate);
  const name = (a.DisplayName ?? '').trim().slice(0, 30) || `user${seId}`;
  const reputation = Math.max(0, int(a.Reputation) ?? 1);
  return {
    id: ctx.ids.user(seId),
    seId,
    reputation,
    aboutMe: a.AboutMe ?? '',
    values: {
      id: ctx.ids.user(seId),
      created_at: created,
      updated_at: created,
      last_login_date: seconds(a.LastAccessDate),
      username: usernameOf(seId, name),
      pass: '',
      e_mail: placeholderEmail(seId, ctx.site.host),
      mail_status: 1,
      notice_status: 1,
      status: 1,
      rank: reputation,
      display_name: name,
      avatar: AVATAR,
      website: (a.WebsiteUrl ?? '').slice(0, 255),
      location: (a.Location ?? '').slice(0, 100),
    },
  };
}

/** A batch of users: their bios converted now, the accounts and reputation rows written by the returned step. */
export async function importUsers(ctx: ImportContext, rows: DumpRow[]): Promise<Write> {
  const users = rows.map((r) => mapUser(ctx, r)).filter((u): u is UserRow => !!u);
  for (const u of users) ctx.users.add(u.seId);
  count(ctx.report, 'users', users.length);
  if (ctx.dryRun || !users.length) return NOTHING;
  const bios = await ctx.pool.convert(users.map((u) => ({ html: u.aboutMe, basic: true })));
  for (const [i, u] of users.entries()) Object.assign(u.values, { bio: bios[i]!.markdown, bio_html: bios[i]!.html });
  return async (trx) => {
    await insertNew(trx, 'user', users.map((u) => u.values));
    // A username or e-mail already taken here (a second dump with the same names) leaves a row
    // out; those get a username marked with the site, and are reported if that is taken too.
    const mine = await placeholdersIn(trx, users.map((u) => u.id), ctx.site.host);
    const missing = users.filter((u) => !mine.has(u.id));
    if (missing.length) {
      const salt = siteSalt(ctx.site.host);
      await insertNew(trx, 'user', missing.map((u) => ({ ...u.values, username: usernameOf(u.seId, String(u.values.display_name), salt) })));
      const now = await placeholdersIn(trx, missing.map((u) => u.id), ctx.site.host);
      for (const u of missing) {
        if (now.has(u.id)) continue;
        problem(ctx.report, `Users.xml: user ${u.seId} (${u.values.display_name}) could not be added: id ${u.id} or its name is taken by another account; their posts go to the Community account`);
        count(ctx.report, 'users', -1);
        ctx.users.delete(u.seId);
      }
    }
    // One ledger row per account carries the dump's reputation; written again on a re-run.
    const ranked = users.filter((u) => u.reputation > 0 && ctx.users.has(u.seId));
    for (const part of slices(ranked.map((u) => u.id))) {
      await trx.deleteFrom('activity').where('activity_type', '=', ACT.reputationImported).where('user_id', 'in', part).execute();
    }
    await insertNew(
      trx,
      'activity',
      ranked.map((u) => ({
        created_at: u.values.created_at,
        updated_at: u.values.created_at,
        user_id: u.id,
        trigger_user_id: u.id,
        object_id: '0',
        original_object_id: '0',
        activity_type: ACT.reputationImported,
        rank: u.reputation,
        has_rank: 1,
        cancelled: 0,
      })),
    );
  };
}

/** Which of these ids are this dump's placeholder accounts (not someone else's account). */
async function placeholdersIn(trx: ImportContext['db'], ids: string[], host: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of slices(ids)) {
    const rows = await trx.selectFrom('user').select(['id', 'e_mail']).where('id', 'in', part).execute();
    for (const r of rows) if (r.e_mail.endsWith(`@${host}.invalid`)) found.add(String(r.id));
  }
  return found;
}
