import type { PersonalAnswer, PersonalComment, PersonalOrder, PersonalQuestion, PersonalTag } from '@answer/contract';
import type { Selectable } from 'kysely';
import { presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { pageOf } from '../../core/pagination.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import type { AnswerTable, QuestionTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { presentOptionalId } from '../question/presenter.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import type { ViewerScope } from './scope.js';

/** A person's questions, answers and comments (domain.md 6.6), filtered by what the viewer may see. */

type Paging = { pageSize: number; offset: number };
const QUESTION_STATUS_NAME: Record<number, string> = { 1: 'available', 2: 'closed', 10: 'deleted', 11: 'pending' };
const ANSWER_STATUS_NAME: Record<number, string> = { 1: 'available', 10: 'deleted', 11: 'pending' };
const TOP_SIZE = 5;

/** The questions of `authorId` the viewer may list: deleted, pending and unlisted ones for the author and staff only. */
function questionsOf(db: Db, authorId: string, scope: ViewerScope, order: PersonalOrder) {
  let q = db.selectFrom('question').where('user_id', '=', authorId).where('status', 'in', scope.questionStatuses(authorId));
  if (!scope.listsUnlisted(authorId)) q = q.where('show', '=', 1);
  if (order === 'unanswered') q = q.where('answer_count', '=', 0);
  return q;
}

function orderedQuestions(q: ReturnType<typeof questionsOf>, order: PersonalOrder) {
  const sorted =
    order === 'score'
      ? q.orderBy('vote_count', 'desc').orderBy('view_count', 'desc')
      : order === 'active'
        ? q.orderBy('post_update_time', 'desc')
        : order === 'hot'
          ? q.orderBy('hot_score', 'desc')
          : q.orderBy('created_at', 'desc');
  return sorted.orderBy('id', 'desc');
}

/** Answers of `authorId` the viewer may see, on questions the viewer may see. */
function answersOf(db: Db, authorId: string, scope: ViewerScope) {
  return db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .where('answer.user_id', '=', authorId)
    .where('answer.status', 'in', scope.answerStatuses(authorId))
    .where((eb) => scope.questionVisible(eb));
}

function orderedAnswers(q: ReturnType<typeof answersOf>, order: PersonalOrder) {
  const sorted = order === 'score' ? q.orderBy('answer.vote_count', 'desc').orderBy('answer.created_at', 'desc') : q.orderBy('answer.created_at', 'desc');
  return sorted.orderBy('answer.id', 'desc');
}

/** One tag lookup for a page: tag chips by question id. */
async function tagsByQuestion(runtime: Runtime, questionIds: string[]): Promise<Map<string, PersonalTag[]>> {
  const [rows, settings] = await Promise.all([tagsOfQuestions(runtime.database, [...new Set(questionIds)]), loadSiteSettings(runtime)]);
  const byQuestion = new Map<string, PersonalTag[]>();
  for (const row of rows) {
    const list = byQuestion.get(row.question_id) ?? [];
    list.push(presentTagBrief(row, settings.write.required_tag));
    byQuestion.set(row.question_id, list);
  }
  return byQuestion;
}

function presentQuestion(q: Selectable<QuestionTable>, tags: Map<string, PersonalTag[]>, permalink: number): PersonalQuestion {
  const id = presentId(String(q.id), permalink);
  return {
    id,
    question_id: id,
    title: q.title,
    url_title: urlTitle(q.title),
    vote_count: Number(q.vote_count),
    answer_count: Number(q.answer_count),
    view_count: Number(q.view_count),
    collection_count: Number(q.collection_count),
    created_at: Number(q.created_at),
    accepted_answer_id: presentOptionalId(q.accepted_answer_id, permalink),
    status: QUESTION_STATUS_NAME[Number(q.status)] ?? '',
    show: Number(q.show),
    tags: tags.get(String(q.id)) ?? [],
  };
}

type AnswerWithQuestion = Selectable<AnswerTable> & { question_title: string };

function presentAnswer(a: AnswerWithQuestion, tags: Map<string, PersonalTag[]>, permalink: number): PersonalAnswer {
  return {
    answer_id: presentId(String(a.id), permalink),
    question_id: presentId(String(a.question_id), permalink),
    accepted: Number(a.adopted),
    vote_count: Number(a.vote_count),
    create_time: Number(a.created_at),
    update_time: Number(a.updated_at),
    status: ANSWER_STATUS_NAME[Number(a.status)] ?? '',
    question_info: { title: a.question_title, url_title: urlTitle(a.question_title), tags: tags.get(String(a.question_id)) ?? [] },
  };
}

async function presentQuestions(runtime: Runtime, rows: Selectable<QuestionTable>[], permalink: number) {
  const tags = await tagsByQuestion(runtime, rows.map((q) => String(q.id)));
  return rows.map((q) => presentQuestion(q, tags, permalink));
}

async function presentAnswers(runtime: Runtime, rows: AnswerWithQuestion[], permalink: number) {
  const tags = await tagsByQuestion(runtime, rows.map((a) => String(a.question_id)));
  return rows.map((a) => presentAnswer(a, tags, permalink));
}

export async function questionPage(runtime: Runtime, authorId: string, scope: ViewerScope, order: PersonalOrder, page: Paging) {
  const db = runtime.database;
  const [total, rows, settings] = await Promise.all([
    questionsOf(db, authorId, scope, order).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    orderedQuestions(questionsOf(db, authorId, scope, order), order).selectAll().limit(page.pageSize).offset(page.offset).execute(),
    loadSiteSettings(runtime),
  ]);
  return pageOf(total.n, await presentQuestions(runtime, rows, settings.seo.permalink));
}

export async function answerPage(runtime: Runtime, authorId: string, scope: ViewerScope, order: PersonalOrder, page: Paging) {
  const db = runtime.database;
  const [total, rows, settings] = await Promise.all([
    answersOf(db, authorId, scope).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    orderedAnswers(answersOf(db, authorId, scope), order).selectAll('answer').select('question.title as question_title').limit(page.pageSize).offset(page.offset).execute(),
    loadSiteSettings(runtime),
  ]);
  return pageOf(total.n, await presentAnswers(runtime, rows, settings.seo.permalink));
}

/** The five best-scored questions of `authorId` the viewer may list (its plan is tested: personal-lists-plan.test.ts). */
export const topQuestionsQuery = (db: Db, authorId: string, scope: ViewerScope) =>
  orderedQuestions(questionsOf(db, authorId, scope, 'score'), 'score').selectAll().limit(TOP_SIZE);

/** qa/top: the five best-scored questions and answers the viewer may see (domain.md 6.6). */
export async function topPosts(runtime: Runtime, authorId: string, scope: ViewerScope) {
  const db = runtime.database;
  const [questions, answers, settings] = await Promise.all([
    topQuestionsQuery(db, authorId, scope).execute(),
    orderedAnswers(answersOf(db, authorId, scope), 'score').selectAll('answer').select('question.title as question_title').limit(TOP_SIZE).execute(),
    loadSiteSettings(runtime),
  ]);
  const permalink = settings.seo.permalink;
  const [question, answer] = await Promise.all([presentQuestions(runtime, questions, permalink), presentAnswers(runtime, answers, permalink)]);
  return { question, answer };
}

/**
 * Live comments of `authorId` on posts the viewer may see: a comment on a deleted answer or
 * question goes with it. Comments themselves are listed only while available (as upstream).
 */
function commentsOf(db: Db, authorId: string, scope: ViewerScope) {
  return db
    .selectFrom('comment')
    .innerJoin('question', 'question.id', 'comment.question_id')
    .leftJoin('answer', 'answer.id', 'comment.object_id')
    .where('comment.user_id', '=', authorId)
    .where('comment.status', '=', 1)
    .where((eb) => scope.questionVisible(eb))
    .where((eb) => eb.or([eb('answer.id', 'is', null), scope.answerVisible(eb)]));
}

export async function commentPage(runtime: Runtime, authorId: string, scope: ViewerScope, order: PersonalOrder, page: Paging) {
  const db = runtime.database;
  const listed = commentsOf(db, authorId, scope);
  const sorted = order === 'score' ? listed.orderBy('comment.vote_count', 'desc').orderBy('comment.created_at', 'desc') : listed.orderBy('comment.created_at', 'desc');
  const [total, rows, settings] = await Promise.all([
    listed.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    sorted
      .orderBy('comment.id', 'desc')
      .select(['comment.id', 'comment.object_id', 'comment.question_id', 'comment.parsed_text', 'comment.created_at', 'answer.id as answer_id', 'question.title'])
      .limit(page.pageSize)
      .offset(page.offset)
      .execute(),
    loadSiteSettings(runtime),
  ]);
  const permalink = settings.seo.permalink;
  return pageOf(
    total.n,
    rows.map(
      (c): PersonalComment => ({
        comment_id: String(c.id),
        object_id: presentId(String(c.object_id), permalink),
        object_type: c.answer_id ? 'answer' : 'question',
        question_id: presentId(String(c.question_id), permalink),
        answer_id: c.answer_id ? presentId(String(c.answer_id), permalink) : '',
        title: c.title,
        url_title: urlTitle(c.title),
        content: excerpt(c.parsed_text),
        created_at: Number(c.created_at),
      }),
    ),
  );
}
