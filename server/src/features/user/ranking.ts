import type { RankedUser, StaffUser, UserRanking } from '@answer/contract';
import { ROLE } from '@answer/contract';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { avatarUrl, type UserRow } from './presenter.js';

/**
 * The user directory (domain.md 11.5): who gained most reputation, who voted most and (beyond
 * upstream) who edited most lately, and the staff.
 */

const WINDOW_SECONDS = 7 * 86400;
const LIST_SIZE = 20;
const DELETED = 10;
/** Votes cast and received, accepting and being accepted, comment likes: what "most votes" counts. */
const VOTE_TYPES = [
  ACT.questionVoteUp,
  ACT.questionVoteDown,
  ACT.answerVoteUp,
  ACT.answerVoteDown,
  ACT.questionVotedUp,
  ACT.questionVotedDown,
  ACT.answerVotedUp,
  ACT.answerVotedDown,
  ACT.answerAccept,
  ACT.answerAccepted,
  ACT.commentVoteUp,
];
/** Edits applied: direct edits of posts and tags (by the editor), and approved suggestions (by the suggester). */
const EDIT_TYPES = [ACT.questionEdited, ACT.answerEdited, ACT.tagEdited, ACT.editAccepted];
const STAFF_ROLES = [ROLE.admin, ROLE.moderator];

const ranked = (user: UserRow, settings: SiteSettings, rank: number, voteCount = 0, editCount = 0): RankedUser => ({
  username: user.username,
  display_name: user.display_name || user.username,
  avatar: avatarUrl(user, settings),
  rank,
  vote_count: voteCount,
  edit_count: editCount,
});

/**
 * Four lists, each person in the first that has them; deleted accounts are left out. The activity
 * sums read only the last 7 days through the index on `activity.created_at`, so the cost follows
 * the week's activity, not the table's size.
 */
export async function userRanking(runtime: Runtime): Promise<UserRanking> {
  const db = runtime.database;
  const since = Math.floor(Date.now() / 1000) - WINDOW_SECONDS;
  const recent = db
    .selectFrom('activity')
    .innerJoin('user', 'user.id', 'activity.user_id')
    .where('activity.created_at', '>=', since)
    .where('activity.cancelled', '=', 0)
    .where('user.status', '!=', DELETED)
    .groupBy('activity.user_id');

  const gains = await recent
    .where('activity.has_rank', '=', 1)
    .select(['activity.user_id', (eb) => eb.fn.sum<number>('activity.rank').as('total')])
    .having((eb) => eb.fn.sum('activity.rank'), '>', 0)
    .orderBy('total', 'desc')
    .orderBy('activity.user_id')
    .limit(LIST_SIZE)
    .execute();
  const taken = gains.map((g) => String(g.user_id));

  /** People with most activity rows of these types, leaving out those already listed. */
  const mostOf = async (types: number[]) => {
    let query = recent
      .where('activity.activity_type', 'in', types)
      .select(['activity.user_id', (eb) => eb.fn.countAll<number>().as('total')])
      .orderBy('total', 'desc')
      .orderBy('activity.user_id')
      .limit(LIST_SIZE);
    if (taken.length) query = query.where('activity.user_id', 'not in', taken);
    const rows = await query.execute();
    taken.push(...rows.map((r) => String(r.user_id)));
    return rows;
  };
  const votes = await mostOf(VOTE_TYPES);
  const edits = await mostOf(EDIT_TYPES);

  let staffQuery = db
    .selectFrom('user_role_rel')
    .innerJoin('user', 'user.id', 'user_role_rel.user_id')
    .where('user_role_rel.role_id', 'in', STAFF_ROLES)
    .where('user.status', '!=', DELETED)
    .selectAll('user')
    .orderBy('user.id');
  if (taken.length) staffQuery = staffQuery.where('user.id', 'not in', taken);

  const [staff, people, settings] = await Promise.all([
    staffQuery.execute(),
    taken.length ? db.selectFrom('user').selectAll().where('id', 'in', taken).execute() : [],
    loadSiteSettings(runtime),
  ]);
  const byId = new Map(people.map((u) => [String(u.id), u]));
  const listOf = (rows: { user_id: string | number; total: number | string }[], present: (u: UserRow, total: number) => RankedUser) =>
    rows.flatMap((r) => {
      const user = byId.get(String(r.user_id));
      return user ? [present(user, Number(r.total))] : [];
    });
  return {
    users_with_the_most_reputation: listOf(gains, (u, total) => ranked(u, settings, total)),
    users_with_the_most_vote: listOf(votes, (u, total) => ranked(u, settings, Number(u.rank), total)),
    users_with_the_most_edits: listOf(edits, (u, total) => ranked(u, settings, Number(u.rank), 0, total)),
    staffs: staff.map((u) => ranked(u, settings, Number(u.rank))),
  };
}

/** Staff whose username or display name starts with `prefix`, for @-mentioning a moderator. */
export async function searchStaff(runtime: Runtime, prefix: string, limit: number): Promise<StaffUser[]> {
  const like = `${prefix.trim().toLowerCase().replace(/[%_\\]/g, '')}%`;
  const [rows, settings] = await Promise.all([
    runtime.database
      .selectFrom('user_role_rel')
      .innerJoin('user', 'user.id', 'user_role_rel.user_id')
      .where('user_role_rel.role_id', 'in', STAFF_ROLES)
      .where('user.status', '=', 1)
      .where((eb) => eb.or([eb('user.username', 'like', like), eb('user.display_name', 'like', like)]))
      .selectAll('user')
      .orderBy('user.username')
      .limit(limit)
      .execute(),
    loadSiteSettings(runtime),
  ]);
  return rows.map((u) => ({ username: u.username, display_name: u.display_name || u.username, avatar: avatarUrl(u, settings) }));
}
