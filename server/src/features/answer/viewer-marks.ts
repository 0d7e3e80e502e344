import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { precompiled } from '../../db/precompiled.js';
import { ACT } from '../activity/types.js';
import { A } from './service.js';

/** Row kinds of the marks statement besides activity types (which are all positive). */
const COLLECTED = -1;
const NOT_AVAILABLE = -2;

/** What one signed-in reader has done to a page of answers. */
export interface AnswerMarks {
  votes: Map<string, 'vote_up' | 'vote_down'>;
  collected: Set<string>;
  /** The reader sees answers visitors do not (their own pending one; any deleted or pending one for moderators). */
  seesOthers: boolean;
}

/**
 * The statement for `count` answers, compiled once per database and shape (db/precompiled.ts):
 * one per page length and kind of viewer, a few dozen at most.
 */
const variants = new Map<string, ReturnType<typeof marksStatement>>();

function marksStatement(count: number, seesAll: boolean) {
  return precompiled((db, slot) => {
    const ids = Array.from({ length: count }, (_, i) => slot(`answer${i}`));
    let hidden = db
      .selectFrom('answer')
      .select(['id as object_id', sql.lit(NOT_AVAILABLE).as('mark')])
      .where('question_id', '=', slot('question'))
      .where('status', '!=', A.available);
    if (!seesAll) hidden = hidden.where('user_id', '=', slot('user')).where('status', '=', A.pending);
    if (!count) return hidden;
    return db
      .selectFrom('activity')
      .select(['object_id', 'activity_type as mark'])
      .where('user_id', '=', slot('user'))
      .where('object_id', 'in', ids)
      .where('cancelled', '=', 0)
      .where('activity_type', 'in', [ACT.answerVoteUp, ACT.answerVoteDown])
      .unionAll(db.selectFrom('collection').select(['object_id', sql.lit(COLLECTED).as('mark')]).where('user_id', '=', slot('user')).where('object_id', 'in', ids))
      .unionAll(hidden);
  });
}

/**
 * The viewer's votes and bookmarks on a page of answers, and whether a not-available answer of the
 * question is visible to them, in one indexed statement read on every request (never cached).
 */
export async function answerMarks(db: Db, questionId: string, answerIds: string[], userId: string, seesAll: boolean): Promise<AnswerMarks> {
  const shape = `${answerIds.length}:${seesAll}`;
  let statement = variants.get(shape);
  if (!statement) variants.set(shape, (statement = marksStatement(answerIds.length, seesAll)));
  const values: Record<string, string> = { question: questionId, user: userId };
  answerIds.forEach((id, i) => (values[`answer${i}`] = id));
  const rows = await statement(db, values);
  const marks: AnswerMarks = { votes: new Map(), collected: new Set(), seesOthers: false };
  for (const r of rows) {
    const mark = Number(r.mark);
    if (mark === NOT_AVAILABLE) marks.seesOthers = true;
    else if (mark === COLLECTED) marks.collected.add(String(r.object_id));
    else marks.votes.set(String(r.object_id), mark === ACT.answerVoteUp ? 'vote_up' : 'vote_down');
  }
  return marks;
}
