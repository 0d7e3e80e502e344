import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import type { Thresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import { canSeeAnswer, canSeeQuestion, canSeeTag } from '../visibility/rules.js';

/** Where a post sits, as personal lists show it: its kind, question, answer, title and an excerpt. */
export interface PostRef {
  object_type: 'question' | 'answer' | 'comment' | 'tag' | '';
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}

/** Who is looking: a person's history keeps its rows, but shows only what the viewer may see. */
export interface Viewer {
  user: SessionUser | null;
  thresholds: Thresholds;
}

const EMPTY: PostRef = { object_type: '', question_id: '', answer_id: '', title: '', url_title: '', content: '' };
const AVAILABLE_COMMENT = 1;

/**
 * Resolves a page of mixed object ids (questions, answers, comments, tags) in a fixed number of
 * queries: one per kind, then the questions and answers they hang on. Unknown ids come back as
 * empty refs. A question the viewer may not see (deleted, pending) is named `deletedTitle` and
 * nothing in it shows its text; a hidden answer or comment keeps its question's title only.
 */
export async function postRefs(db: Db, ids: string[], permalink: number, deletedTitle: string, viewer: Viewer): Promise<Map<string, PostRef>> {
  const ofType = (type: number) => [...new Set(ids.filter((id) => objectTypeOf(id) === type))];
  const [comments, tags] = await Promise.all([
    ofType(OBJECT_TYPE.comment).length
      ? db.selectFrom('comment').select(['id', 'object_id', 'question_id', 'parsed_text', 'status']).where('id', 'in', ofType(OBJECT_TYPE.comment)).execute()
      : [],
    ofType(OBJECT_TYPE.tag).length ? db.selectFrom('tag').select(['id', 'slug_name', 'display_name', 'parsed_text', 'status']).where('id', 'in', ofType(OBJECT_TYPE.tag)).execute() : [],
  ]);
  const answerIds = [...new Set([...ofType(OBJECT_TYPE.answer), ...comments.map((c) => String(c.object_id)).filter((id) => objectTypeOf(id) === OBJECT_TYPE.answer)])];
  const answers = answerIds.length ? await db.selectFrom('answer').select(['id', 'question_id', 'parsed_text', 'status', 'user_id']).where('id', 'in', answerIds).execute() : [];
  const questionIds = [...new Set([...ofType(OBJECT_TYPE.question), ...answers.map((a) => String(a.question_id)), ...comments.map((c) => String(c.question_id))])];
  const questions = questionIds.length
    ? await db.selectFrom('question').select(['id', 'title', 'parsed_text', 'status', 'user_id']).where('id', 'in', questionIds).execute()
    : [];
  const byQuestion = new Map(questions.map((q) => [String(q.id), q]));
  const byAnswer = new Map(answers.map((a) => [String(a.id), a]));

  const { user, thresholds } = viewer;
  const questionShown = (questionId: string) => {
    const q = byQuestion.get(questionId);
    return !!q && canSeeQuestion(user, q, thresholds);
  };
  const answerShown = (answerId: string) => {
    const a = byAnswer.get(answerId);
    const q = a && byQuestion.get(String(a.question_id));
    return !!a && !!q && canSeeAnswer(user, a, q, thresholds);
  };
  const inQuestion = (questionId: string, answerId: string, html: string, shown: boolean, type: PostRef['object_type']): PostRef => {
    const q = byQuestion.get(questionId);
    const titled = !!q && questionShown(questionId);
    return {
      object_type: type,
      question_id: presentId(questionId, permalink),
      answer_id: answerId ? presentId(answerId, permalink) : '',
      title: !q ? '' : titled ? q.title : deletedTitle,
      url_title: titled ? urlTitle(q.title) : '',
      content: shown ? excerpt(html) : '',
    };
  };

  const refs = new Map<string, PostRef>();
  for (const id of ofType(OBJECT_TYPE.question)) refs.set(id, inQuestion(id, '', byQuestion.get(id)?.parsed_text ?? '', questionShown(id), 'question'));
  const listedAnswers = new Set(ofType(OBJECT_TYPE.answer));
  for (const a of answers) {
    if (listedAnswers.has(String(a.id))) refs.set(String(a.id), inQuestion(String(a.question_id), String(a.id), a.parsed_text, answerShown(String(a.id)), 'answer'));
  }
  for (const c of comments) {
    const onAnswer = objectTypeOf(String(c.object_id)) === OBJECT_TYPE.answer;
    const parentShown = onAnswer ? answerShown(String(c.object_id)) : questionShown(String(c.question_id));
    const shown = parentShown && Number(c.status) === AVAILABLE_COMMENT;
    refs.set(String(c.id), inQuestion(String(c.question_id), onAnswer ? String(c.object_id) : '', c.parsed_text, shown, 'comment'));
  }
  for (const tg of tags) {
    const shown = canSeeTag(user, tg, thresholds);
    refs.set(String(tg.id), { ...EMPTY, object_type: 'tag', title: shown ? tg.display_name : '', url_title: shown ? tg.slug_name : '', content: shown ? excerpt(tg.parsed_text) : '' });
  }
  for (const id of ids) if (!refs.has(id)) refs.set(id, EMPTY);
  return refs;
}
