import { OBJECT_TYPE, objectTypeOf, presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';

/** Where a post sits, as personal lists show it: its kind, question, answer, title and an excerpt. */
export interface PostRef {
  object_type: 'question' | 'answer' | 'comment' | 'tag' | '';
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}

const EMPTY: PostRef = { object_type: '', question_id: '', answer_id: '', title: '', url_title: '', content: '' };

/**
 * Resolves a page of mixed object ids (questions, answers, comments, tags) in a fixed number of
 * queries: one per kind, then the questions they hang on. Unknown ids come back as empty refs.
 */
export async function postRefs(db: Db, ids: string[], permalink: number, deletedTitle: string): Promise<Map<string, PostRef>> {
  const ofType = (type: number) => [...new Set(ids.filter((id) => objectTypeOf(id) === type))];
  const [answers, comments, tags] = await Promise.all([
    ofType(OBJECT_TYPE.answer).length ? db.selectFrom('answer').select(['id', 'question_id', 'parsed_text']).where('id', 'in', ofType(OBJECT_TYPE.answer)).execute() : [],
    ofType(OBJECT_TYPE.comment).length ? db.selectFrom('comment').select(['id', 'object_id', 'question_id', 'parsed_text']).where('id', 'in', ofType(OBJECT_TYPE.comment)).execute() : [],
    ofType(OBJECT_TYPE.tag).length ? db.selectFrom('tag').select(['id', 'slug_name', 'display_name', 'parsed_text']).where('id', 'in', ofType(OBJECT_TYPE.tag)).execute() : [],
  ]);
  const questionIds = [...new Set([...ofType(OBJECT_TYPE.question), ...answers.map((a) => String(a.question_id)), ...comments.map((c) => String(c.question_id))])];
  const questions = questionIds.length
    ? await db.selectFrom('question').select(['id', 'title', 'parsed_text', 'status']).where('id', 'in', questionIds).execute()
    : [];
  const byQuestion = new Map(questions.map((q) => [String(q.id), q]));
  // A deleted question keeps its place in a person's history, without its title.
  const titleOf = (questionId: string) => {
    const q = byQuestion.get(questionId);
    return !q ? '' : Number(q.status) === 10 ? deletedTitle : q.title;
  };
  const inQuestion = (questionId: string, answerId: string, html: string, type: PostRef['object_type']): PostRef => ({
    object_type: type,
    question_id: presentId(questionId, permalink),
    answer_id: answerId ? presentId(answerId, permalink) : '',
    title: titleOf(questionId),
    url_title: urlTitle(byQuestion.get(questionId)?.title ?? ''),
    content: excerpt(html),
  });

  const refs = new Map<string, PostRef>();
  for (const id of ofType(OBJECT_TYPE.question)) refs.set(id, inQuestion(id, '', byQuestion.get(id)?.parsed_text ?? '', 'question'));
  for (const a of answers) refs.set(String(a.id), inQuestion(String(a.question_id), String(a.id), a.parsed_text, 'answer'));
  for (const c of comments) {
    const onAnswer = objectTypeOf(String(c.object_id)) === OBJECT_TYPE.answer;
    refs.set(String(c.id), inQuestion(String(c.question_id), onAnswer ? String(c.object_id) : '', c.parsed_text, 'comment'));
  }
  for (const tg of tags) {
    refs.set(String(tg.id), { ...EMPTY, object_type: 'tag', title: tg.display_name, url_title: tg.slug_name, content: excerpt(tg.parsed_text) });
  }
  for (const id of ids) if (!refs.has(id)) refs.set(id, EMPTY);
  return refs;
}
