import { notFound } from '../../core/errors.js';
import { can, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf } from '../../core/ids.js';
import type { Thresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { A, findAnswer } from '../answer/service.js';
import { findQuestion } from '../question/queries.js';
import { canSeeQuestion } from '../question/service.js';

/** A post or tag that has a timeline, reduced to what timelines and reactions need. */
export interface TimelineObject {
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

const DELETED = 10;

/**
 * Loads a question, answer or tag by long id if the caller may see it, else 404: deleted and
 * pending posts only for their author and moderators (as on the question page), deleted tags only
 * for those who may restore them. Any other kind of id is `null`.
 */
export async function loadVisibleObject(runtime: Runtime, user: SessionUser | null, id: string, thresholds: Thresholds): Promise<TimelineObject | null> {
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
    const own = !!a && !!user && String(a.user_id) === user.id;
    const visible = !!a && !!q && canSeeQuestion(user, q, thresholds) && (Number(a.status) === A.available || own || can(user, 'answer.delete', thresholds));
    if (!a || !q || !visible) throw notFound('error.answer.not_found');
    return { kind: 'answer', id, questionId: String(q.id), answerId: id, title: q.title, authorId: String(a.user_id), status: Number(a.status), slugName: '' };
  }
  if (type === OBJECT_TYPE.tag) {
    const tag = await db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
    if (!tag || (Number(tag.status) === DELETED && !can(user, 'tag.undeleted', thresholds))) throw notFound('error.tag.not_found');
    return { kind: 'tag', id, questionId: '', answerId: '', title: tag.display_name, authorId: String(tag.user_id), status: Number(tag.status), slugName: tag.slug_name };
  }
  return null;
}
