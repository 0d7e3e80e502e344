import type { SearchContent } from '@answer/plugin-sdk';
import type { Selectable } from 'kysely';
import { presentId } from '../../core/ids.js';
import type { Db } from '../../db/connect.js';
import type { AnswerTable, QuestionTable } from '../../db/schema.js';
import { A } from '../answer/service.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';

type QuestionRow = Selectable<QuestionTable>;
type AnswerRow = Selectable<AnswerTable>;

/**
 * What a search plugin holds of posts (SDK SearchContent): every question search may show
 * (available or closed; unlisted ones too, which the host drops for readers who may not list
 * them) and every available answer of those. Pending and deleted posts are not held. Ids are
 * presented as the API presents them (short ids under permalink styles 3 and 4).
 */
export const isIndexedQuestion = (q: Pick<QuestionRow, 'status'>) => PUBLIC_QUESTION_STATUSES.includes(Number(q.status));
export const isIndexedAnswer = (a: Pick<AnswerRow, 'status'>, q: Pick<QuestionRow, 'status'>) => Number(a.status) === A.available && isIndexedQuestion(q);

/**
 * A question's tags as slugs, each synonym followed by its main tag: a query names main tags
 * (plugin-search.ts), and a question tagged with a synonym belongs under its main tag.
 */
async function tagSlugs(db: Db, questionIds: string[]): Promise<Map<string, string[]>> {
  const byQuestion = new Map<string, string[]>();
  for (const t of await tagsOfQuestions(db, questionIds)) {
    const list = byQuestion.get(t.question_id) ?? [];
    for (const slug of [t.slug_name, t.main_tag_slug_name]) if (slug && !list.includes(slug)) list.push(slug);
    byQuestion.set(t.question_id, list);
  }
  return byQuestion;
}

export async function questionContents(db: Db, questions: QuestionRow[], permalink: number): Promise<SearchContent[]> {
  const tags = await tagSlugs(db, questions.map((q) => String(q.id)));
  return questions.map((q) => {
    const id = presentId(String(q.id), permalink);
    return {
      objectId: id,
      type: 'question',
      title: q.title,
      content: q.original_text,
      questionId: id,
      userId: String(q.user_id),
      tags: tags.get(String(q.id)) ?? [],
      answers: Number(q.answer_count),
      score: Number(q.vote_count),
      accepted: String(q.accepted_answer_id) !== '0',
      status: Number(q.status),
      createdAt: Number(q.created_at),
      activeAt: Number(q.post_update_time),
    };
  });
}

/** Answers with their questions' titles and tags (as upstream's syncer gives them). */
export async function answerContents(db: Db, answers: AnswerRow[], questions: Map<string, QuestionRow>, permalink: number): Promise<SearchContent[]> {
  const tags = await tagSlugs(db, [...new Set(answers.map((a) => String(a.question_id)))]);
  return answers.flatMap((a): SearchContent[] => {
    const q = questions.get(String(a.question_id));
    if (!q) return [];
    return [
      {
        objectId: presentId(String(a.id), permalink),
        type: 'answer',
        title: q.title,
        content: a.original_text,
        questionId: presentId(String(q.id), permalink),
        userId: String(a.user_id),
        tags: tags.get(String(q.id)) ?? [],
        answers: 0,
        score: Number(a.vote_count),
        accepted: Number(a.adopted) === 2,
        status: Number(a.status),
        createdAt: Number(a.created_at),
        activeAt: Number(a.updated_at),
      },
    ];
  });
}

/**
 * The posts the search plugin should hold now, of the ids given (questions and answers), and the
 * ids it should drop: gone, deleted, pending, or an answer whose question is no longer shown.
 */
export async function currentContents(db: Db, ids: { questions: string[]; answers: string[] }, permalink: number): Promise<{ update: SearchContent[]; remove: string[] }> {
  const answers = ids.answers.length ? await db.selectFrom('answer').selectAll().where('id', 'in', ids.answers).execute() : [];
  const questionIds = [...new Set([...ids.questions, ...answers.map((a) => String(a.question_id))])];
  const questions = questionIds.length ? await db.selectFrom('question').selectAll().where('id', 'in', questionIds).execute() : [];
  const questionById = new Map(questions.map((q) => [String(q.id), q]));
  const keptQuestions = questions.filter((q) => ids.questions.includes(String(q.id)) && isIndexedQuestion(q));
  const keptAnswers = answers.filter((a) => {
    const q = questionById.get(String(a.question_id));
    return q && isIndexedAnswer(a, q);
  });
  const kept = new Set([...keptQuestions, ...keptAnswers].map((p) => String(p.id)));
  return {
    update: [...(await questionContents(db, keptQuestions, permalink)), ...(await answerContents(db, keptAnswers, questionById, permalink))],
    remove: [...ids.questions, ...ids.answers].filter((id) => !kept.has(id)).map((id) => presentId(id, permalink)),
  };
}
