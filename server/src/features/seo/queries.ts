import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';

const LISTED = 1;

/**
 * The questions a search engine or feed reader may list: those of the public question list for a
 * visitor (open or closed, not unlisted: domain.md 5.13). Read in id order, which is creation order
 * (ids come from one sequence), through idx_question_show_id_status.
 */
export function listedQuestions(db: Kysely<Database>) {
  return db.selectFrom('question').where('question.show', '=', LISTED).where('question.status', 'in', PUBLIC_QUESTION_STATUSES);
}

/** A question's last activity (edits and answers move post_update_time; older rows may lack it). */
export const lastActivity = (q: { created_at: number | string | bigint; post_update_time: number | string | bigint }) =>
  Math.max(Number(q.created_at), Number(q.post_update_time));
