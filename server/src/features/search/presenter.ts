import type { SearchResult } from '@answer/contract';
import type { Selectable } from 'kysely';
import { presentId } from '../../core/ids.js';
import { plainText } from '../../core/markdown.js';
import { urlTitle } from '../../core/slug.js';
import type { AnswerTable, QuestionTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { highlighter } from './excerpt.js';
import type { ParsedQuery } from './parse.js';
import { type Hit, KIND } from './queries.js';

const STATUS_NAMES: Record<number, string> = { 1: 'available', 2: 'closed', 10: 'deleted', 11: 'pending' };

/** Whether a loaded post may be shown; the built-in search has decided that in SQL already (queries.ts). */
export type KeepHit = (question: Selectable<QuestionTable>, answer: Selectable<AnswerTable> | undefined) => boolean;

/**
 * The page's posts, their questions, tags and authors, each loaded once for the whole page, in
 * the order of the hits. Hits whose post is gone, or that `keep` refuses, are left out.
 */
export async function presentHits(runtime: Runtime, hits: Hit[], parsed: ParsedQuery, permalink: number, requiredTag: boolean, keep?: KeepHit): Promise<SearchResult[]> {
  const db = runtime.database;
  const answerIds = hits.filter((h) => h.kind === KIND.answer).map((h) => h.object_id);
  const answers = answerIds.length ? await db.selectFrom('answer').selectAll().where('id', 'in', answerIds).execute() : [];
  const answerById = new Map(answers.map((a) => [String(a.id), a]));
  const questionIds = [...new Set([...hits.filter((h) => h.kind === KIND.question).map((h) => h.object_id), ...answers.map((a) => String(a.question_id))])];
  const questions = questionIds.length ? await db.selectFrom('question').selectAll().where('id', 'in', questionIds).execute() : [];
  const questionById = new Map(questions.map((q) => [String(q.id), q]));
  const posts = hits.flatMap((hit) => {
    const answer = hit.kind === KIND.answer ? answerById.get(hit.object_id) : undefined;
    const question = questionById.get(answer ? String(answer.question_id) : hit.object_id);
    if (!question || (hit.kind === KIND.answer && !answer)) return [];
    return !keep || keep(question, answer) ? [{ question, answer }] : [];
  });
  const shownQuestions = [...new Set(posts.map((p) => String(p.question.id)))];
  const [tagRows, users] = await Promise.all([
    tagsOfQuestions(db, shownQuestions),
    loadUserBasics(runtime, posts.map((p) => (p.answer ?? p.question).user_id)),
  ]);
  const tagsByQuestion = new Map<string, ReturnType<typeof presentTagBrief>[]>();
  for (const t of tagRows) tagsByQuestion.set(t.question_id, [...(tagsByQuestion.get(t.question_id) ?? []), presentTagBrief(t, requiredTag)]);

  const excerpt = highlighter(parsed.surfaces);
  return posts.map(({ question, answer }): SearchResult => {
    const post = answer ?? question;
    const author = users.get(String(post.user_id));
    return {
      object_type: answer ? 'answer' : 'question',
      object: {
        id: presentId(String(post.id), permalink),
        question_id: presentId(String(question.id), permalink),
        title: question.title,
        url_title: urlTitle(question.title),
        excerpt: excerpt(plainText(post.parsed_text)),
        created_at: Number(post.created_at),
        vote_count: Number(post.vote_count),
        answer_count: Number(question.answer_count),
        accepted: answer ? Number(answer.adopted) === 2 : String(question.accepted_answer_id) !== '0',
        status: STATUS_NAMES[Number(post.status)] ?? 'available',
        tags: tagsByQuestion.get(String(question.id)) ?? [],
        user_info: {
          id: author?.id ?? String(post.user_id),
          username: author?.username ?? '',
          display_name: author?.display_name ?? '',
          rank: author?.rank ?? 0,
          status: author?.status ?? '',
        },
      },
    };
  });
}
