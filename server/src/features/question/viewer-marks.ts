import type { Db } from '../../db/connect.js';
import { precompiled } from '../../db/precompiled.js';
import { ACT } from '../activity/types.js';
import { A } from '../answer/service.js';

/** What one signed-in reader sees of a question beyond the visitors' cached page. */
export interface QuestionMarks {
  /** Counters that change without renewing the cached pages (views, follows, bookmarks), read fresh. */
  counts: { view_count: number; unique_view_count: number; collection_count: number; follow_count: number };
  voteStatus: '' | 'vote_up' | 'vote_down';
  followed: boolean;
  collected: boolean;
  /** The viewer's first available answer to it, if any. */
  firstAnswerId: string | null;
}

/** The statement, compiled once per database (db/precompiled.ts): this runs on every signed-in read. */
const marksOf = precompiled((db, slot) =>
  db
    .selectFrom('question as q')
    .select(['q.view_count', 'q.unique_view_count', 'q.collection_count', 'q.follow_count'])
    .select((eb) => [
      eb
        .selectFrom('activity')
        .select((e) => e.fn.max('activity_type').as('t'))
        .whereRef('object_id', '=', 'q.id')
        .where('user_id', '=', slot('user'))
        .where('cancelled', '=', 0)
        .where('activity_type', 'in', [ACT.questionVoteUp, ACT.questionVoteDown])
        .as('vote'),
      eb
        .selectFrom('activity')
        .select('activity_type')
        .whereRef('object_id', '=', 'q.id')
        .where('user_id', '=', slot('user'))
        .where('cancelled', '=', 0)
        .where('activity_type', '=', ACT.questionFollow)
        .limit(1)
        .as('followed'),
      eb.selectFrom('collection').select('collection.id').whereRef('object_id', '=', 'q.id').where('user_id', '=', slot('user')).limit(1).as('collected'),
      // The first answer as question/info has always named it: earliest, then lowest id.
      eb
        .selectFrom('answer')
        .select('answer.id')
        .whereRef('question_id', '=', 'q.id')
        .where('user_id', '=', slot('user'))
        .where('status', '=', A.available)
        .orderBy('created_at')
        .orderBy('answer.id')
        .limit(1)
        .as('first_answer'),
    ])
    .where('q.id', '=', slot('question')),
);

/**
 * The question's live counters with the viewer's vote, follow, bookmark and first own answer, in
 * one statement (the question by primary key, each mark an indexed subquery), read on every
 * request and never cached: a reader's own change shows on their next read. Undefined when the
 * question is gone.
 */
export async function questionMarks(db: Db, questionId: string, userId: string): Promise<QuestionMarks | undefined> {
  const [row] = await marksOf(db, { question: questionId, user: userId });
  if (!row) return undefined;
  const vote = Number(row.vote ?? 0);
  return {
    counts: {
      view_count: Number(row.view_count),
      unique_view_count: Number(row.unique_view_count),
      collection_count: Number(row.collection_count),
      follow_count: Number(row.follow_count),
    },
    voteStatus: vote === ACT.questionVoteUp ? 'vote_up' : vote === ACT.questionVoteDown ? 'vote_down' : '',
    followed: row.followed !== null && row.followed !== undefined,
    collected: row.collected !== null && row.collected !== undefined,
    firstAnswerId: row.first_answer === null || row.first_answer === undefined ? null : String(row.first_answer),
  };
}
