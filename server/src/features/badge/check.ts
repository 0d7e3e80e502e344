import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ACT } from '../activity/types.js';
import { A } from '../answer/service.js';
import { Q } from '../question/service.js';
import { type BadgeRow, amountOf, awardBadge, badgesByHandler, BADGE_STATUS } from './award.js';
import { HANDLER } from './rules.js';

/** The reactions row of a post (kept by the reaction feature in upstream's meta format). */
const REACTION_META_KEY = 'object.react.summary';
/** Voter-side ledger rows of every kind of vote: they stay (cancelled) when the vote is withdrawn. */
const VOTER_TYPES = [ACT.questionVoteUp, ACT.questionVoteDown, ACT.answerVoteUp, ACT.answerVoteDown, ACT.commentVoteUp];

/** One candidate award: who, and the post it is for (multiple badges) or '' (once per user). */
interface Candidate {
  userId: string;
  key: string;
}

export interface BadgeCheckResult {
  handler: string;
  badgeId: string;
  candidates: number;
  awarded: number;
  /** Why a badge was not checked (inactive, or nothing records what it needs). */
  skipped?: string;
}

type Db = Kysely<Database>;
const users = (rows: { id: unknown }[]): Candidate[] => rows.map((r) => ({ userId: String(r.id), key: '' }));

/**
 * What each rule says was earned, recomputed from the rows (for sites that had content before
 * badges were awarded, or events that were lost). First Share has no record to recompute from.
 */
const SOURCES: Record<string, ((db: Db, badge: BadgeRow) => Promise<Candidate[]>) | null> = {
  [HANDLER.profile]: async (db) =>
    users(await db.selectFrom('user').select('id').where('bio', '!=', '').where('status', '!=', 10).execute()),
  [HANDLER.edit]: async (db) =>
    users(
      await db
        .selectFrom('activity')
        .select('user_id as id')
        .distinct()
        .where('activity_type', 'in', [ACT.questionEdited, ACT.answerEdited])
        .execute(),
    ),
  [HANDLER.flag]: async (db) => users(await db.selectFrom('report').select('user_id as id').distinct().execute()),
  [HANDLER.vote]: async (db) =>
    users(await db.selectFrom('activity').select('user_id as id').distinct().where('activity_type', 'in', VOTER_TYPES).execute()),
  [HANDLER.react]: async (db) => {
    const rows = await db.selectFrom('meta').select('value').where('key', '=', REACTION_META_KEY).execute();
    const ids = new Set<string>();
    for (const row of rows) {
      try {
        for (const r of JSON.parse(row.value)?.reactions ?? []) for (const id of r?.user_ids ?? []) ids.add(String(id));
      } catch {
        // An unreadable row names nobody.
      }
    }
    return [...ids].map((userId) => ({ userId, key: '' }));
  },
  [HANDLER.share]: null,
  [HANDLER.accept]: async (db) =>
    users(await db.selectFrom('activity').select('trigger_user_id as id').distinct().where('activity_type', '=', ACT.answerAccept).execute()),
  [HANDLER.accepted]: async (db, badge) =>
    users(
      await db
        .selectFrom('answer')
        .select('user_id as id')
        .where('adopted', '=', 2)
        .where('status', '=', A.available)
        .groupBy('user_id')
        .having((eb) => eb.fn.countAll(), '>=', amountOf(badge) ?? Number.MAX_SAFE_INTEGER)
        .execute(),
    ),
  [HANDLER.answerVotes]: (db, badge) => upVoted(db, 'answer', badge),
  [HANDLER.questionVotes]: (db, badge) => upVoted(db, 'question', badge),
};

/** Posts (not deleted) with at least the badge's amount of up-votes, keyed by post, for their authors. */
async function upVoted(db: Db, table: 'answer' | 'question', badge: BadgeRow): Promise<Candidate[]> {
  const amount = amountOf(badge);
  if (amount === null) return [];
  const deleted = table === 'answer' ? A.deleted : Q.deleted;
  const rows = await db
    .selectFrom('vote')
    .innerJoin(`${table} as post` as 'answer as post', 'post.id', 'vote.object_id')
    .select(['vote.object_id as id', 'post.user_id as user_id'])
    .where('vote.direction', '=', 1)
    .where('post.status', '!=', deleted)
    .groupBy(['vote.object_id', 'post.user_id'])
    .having((eb) => eb.fn.countAll(), '>=', amount)
    .execute();
  return rows.map((r) => ({ userId: String(r.user_id), key: String(r.id) }));
}

/**
 * `answer check --badges`: awards every badge the rules say was earned and is missing. Awards go
 * through the same insert-or-ignore as live events, one small transaction each, so a second run
 * (or a run beside the live site) awards nothing twice. Inactive badges are left alone.
 */
export async function checkBadges(
  db: Db,
  onProgress: (handler: string, done: number, total: number) => void = () => {},
): Promise<BadgeCheckResult[]> {
  const results: BadgeCheckResult[] = [];
  for (const [handler, source] of Object.entries(SOURCES)) {
    for (const badge of await badgesByHandler(db, handler)) {
      const result: BadgeCheckResult = { handler, badgeId: badge.id, candidates: 0, awarded: 0 };
      results.push(result);
      if (badge.status !== BADGE_STATUS.active) {
        result.skipped = 'inactive';
        continue;
      }
      if (!source) {
        result.skipped = 'not recorded';
        continue;
      }
      const candidates = await source(db, badge);
      result.candidates = candidates.length;
      for (const [i, c] of candidates.entries()) {
        if (await db.transaction().execute((trx) => awardBadge(trx, badge, c.userId, c.key || c.userId))) result.awarded++;
        if (i % 100 === 99 || i === candidates.length - 1) onProgress(handler, i + 1, candidates.length);
      }
    }
  }
  return results;
}
