import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ACT } from '../activity/types.js';
import { importedScores } from '../import/post-source.js';

type Db = Kysely<Database>;

/** A table whose rows carry maintained counters, keyed by `id`. */
export type CounterTable = 'question' | 'answer' | 'comment' | 'user' | 'tag' | 'badge';

/**
 * One maintained counter column and how to count it from the rows it summarises. `count` answers
 * for a batch of parent ids; ids it leaves out count 0.
 */
export interface CounterSpec {
  table: CounterTable;
  column: string;
  count(db: Db, ids: string[]): Promise<Map<string, number>>;
  /**
   * The value the column should hold, given what it holds and what the rows add up to. Plain
   * counters must equal the count; reputation also carries a starting value (see below).
   */
  expected?(stored: number, counted: number): number;
}

const asMap = (rows: { id: unknown; n: unknown }[]) => new Map(rows.map((r) => [String(r.id), Number(r.n ?? 0)]));

const QUESTION_LISTED = [1, 2]; // available and closed (domain.md 2.6); deleted and pending are not counted
const ANSWER_AVAILABLE = 1;

/**
 * Net score of voted posts: up minus down (comments only take upvotes, so the same sum works), plus
 * the score an imported post brought without voters (post_source.base_score).
 */
const voteSum = async (db: Db, ids: string[]) => {
  const [votes, imported] = await Promise.all([
    db
      .selectFrom('vote')
      .select(['object_id as id', (eb) => eb.fn.sum<number>('direction').as('n')])
      .where('object_id', 'in', ids)
      .groupBy('object_id')
      .execute()
      .then(asMap),
    importedScores(db, ids),
  ]);
  for (const [id, base] of imported) votes.set(id, (votes.get(id) ?? 0) + base);
  return votes;
};

/** Live follow rows (activity rows of one follow type that were not withdrawn). */
const follows = (activityType: number) => (db: Db, ids: string[]) =>
  db
    .selectFrom('activity')
    .select(['object_id as id', (eb) => eb.fn.countAll().as('n')])
    .where('activity_type', '=', activityType)
    .where('cancelled', '=', 0)
    .where('object_id', 'in', ids)
    .groupBy('object_id')
    .execute()
    .then(asMap);

/**
 * Every counter the application maintains. Not listed: `view_count` (a count of visits, not of
 * rows), `unique_view_count` and `answer.comment_count` (never maintained upstream either; always 0).
 */
export const COUNTERS: CounterSpec[] = [
  {
    table: 'question',
    column: 'answer_count',
    count: (db, ids) =>
      db
        .selectFrom('answer')
        .select(['question_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('status', '=', ANSWER_AVAILABLE)
        .where('question_id', 'in', ids)
        .groupBy('question_id')
        .execute()
        .then(asMap),
  },
  { table: 'question', column: 'vote_count', count: voteSum },
  {
    table: 'question',
    column: 'collection_count',
    count: (db, ids) =>
      db
        .selectFrom('collection')
        .select(['object_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('object_id', 'in', ids)
        .groupBy('object_id')
        .execute()
        .then(asMap),
  },
  { table: 'question', column: 'follow_count', count: follows(ACT.questionFollow) },
  { table: 'answer', column: 'vote_count', count: voteSum },
  { table: 'comment', column: 'vote_count', count: voteSum },
  { table: 'tag', column: 'follow_count', count: follows(ACT.tagFollow) },
  {
    table: 'tag',
    column: 'question_count',
    // Questions with a live tag relation that are listed: available or closed, and not hidden.
    count: (db, ids) =>
      db
        .selectFrom('tag_rel')
        .innerJoin('question', 'question.id', 'tag_rel.object_id')
        .select(['tag_rel.tag_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('tag_rel.status', '=', 1)
        .where('question.status', 'in', QUESTION_LISTED)
        .where('question.show', '=', 1)
        .where('tag_rel.tag_id', 'in', ids)
        .groupBy('tag_rel.tag_id')
        .execute()
        .then(asMap),
  },
  {
    table: 'user',
    column: 'question_count',
    count: (db, ids) =>
      db
        .selectFrom('question')
        .select(['user_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('status', 'in', QUESTION_LISTED)
        .where('user_id', 'in', ids)
        .groupBy('user_id')
        .execute()
        .then(asMap),
  },
  {
    table: 'user',
    column: 'answer_count',
    count: (db, ids) =>
      db
        .selectFrom('answer')
        .select(['user_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('status', '=', ANSWER_AVAILABLE)
        .where('user_id', 'in', ids)
        .groupBy('user_id')
        .execute()
        .then(asMap),
  },
  { table: 'user', column: 'follow_count', count: follows(ACT.userFollow) },
  {
    table: 'user',
    column: 'rank',
    count: (db, ids) =>
      db
        .selectFrom('activity')
        .select(['user_id as id', (eb) => eb.fn.sum<number>('rank').as('n')])
        .where('cancelled', '=', 0)
        .where('user_id', 'in', ids)
        .groupBy('user_id')
        .execute()
        .then(asMap),
    // Reputation is its live ledger plus the starting value, which no row records: 0 for
    // self-registered accounts, 1 for the installer's admin and admin-created ones (domain.md 3.3).
    expected: (stored, counted) => counted + Math.min(1, Math.max(0, stored - counted)),
  },
  {
    table: 'badge',
    column: 'award_count',
    count: (db, ids) =>
      db
        .selectFrom('badge_award')
        .select(['badge_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('is_badge_deleted', '=', 0)
        .where('badge_id', 'in', ids)
        .groupBy('badge_id')
        .execute()
        .then(asMap),
  },
];

/** `table.column` names, as the check reports them and as callers pick or skip counters. */
export const counterName = (spec: CounterSpec) => `${spec.table}.${spec.column}`;
