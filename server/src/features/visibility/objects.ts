import { notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf } from '../../core/ids.js';
import type { Thresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { findAnswer } from '../answer/service.js';
import { findQuestion } from '../question/queries.js';
import { canSeeAnswer, canSeeQuestion, canSeeTag } from './rules.js';

/** A post or tag the caller may see, reduced to what timelines, revisions and reactions need. */
export interface VisibleObject {
  kind: 'question' | 'answer' | 'tag';
  id: string;
  /** The question (of an answer), '' for a tag. */
  questionId: string;
  answerId: string;
  /** The question's title for posts, the display name for a tag. */
  title: string;
  authorId: string;
  status: number;
  /** A tag's slug; '' for posts. */
  slugName: string;
}

/**
 * Loads a question, answer or tag by long id if the caller may see it (rules.ts), else 404, the
 * same answer as for an id that never existed. Any other kind of id is `null`.
 */
export async function loadVisibleObject(runtime: Runtime, user: SessionUser | null, id: string, thresholds: Thresholds): Promise<VisibleObject | null> {
  const db = runtime.database;
  const type = objectTypeOf(id);
  if (type === OBJECT_TYPE.question) {
    const q = await findQuestion(db, id);
    if (!q || !canSeeQuestion(user, q, thresholds)) throw notFound('error.question.not_found');
    return { kind: 'question', id, questionId: id, answerId: '', title: q.title, authorId: String(q.user_id), status: Number(q.status), slugName: '' };
  }
  if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(db, id);
    const q = a && (await findQuestion(db, String(a.question_id)));
    if (!a || !q || !canSeeAnswer(user, a, q, thresholds)) throw notFound('error.answer.not_found');
    return { kind: 'answer', id, questionId: String(q.id), answerId: id, title: q.title, authorId: String(a.user_id), status: Number(a.status), slugName: '' };
  }
  if (type === OBJECT_TYPE.tag) {
    const tag = await db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
    if (!tag || !canSeeTag(user, tag, thresholds)) throw notFound('error.tag.not_found');
    return { kind: 'tag', id, questionId: '', answerId: '', title: tag.display_name, authorId: String(tag.user_id), status: Number(tag.status), slugName: tag.slug_name };
  }
  return null;
}
