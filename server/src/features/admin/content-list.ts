import type { AdminAnswerItem, AdminContentUser, AdminQuestionItem, adminAnswerPageQuery, adminQuestionPageQuery } from '@answer/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { OBJECT_TYPE, objectTypeOf, presentId, toLongId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { pageOf } from '../../core/pagination.js';
import { urlTitle } from '../../core/slug.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import { Q } from '../question/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics, type UserBasicInfo } from '../user/basic.js';

/** Which rows a tab shows: the tabs split the posts by status, so each row is in exactly one. */
const QUESTION_STATUS = { normal: Q.available, closed: Q.closed, deleted: Q.deleted, pending: Q.pending } as const;
const ANSWER_STATUS = { normal: A.available, deleted: A.deleted, pending: A.pending } as const;

/** What a search box holds: `user:<name>` picks an author, the rest are words (or one post id). */
export interface ContentQuery {
  username: string;
  /** The query without its `user:` part: when set, the words or the id must match. */
  rest: string;
  words: string[];
  /** The whole text as a post id, when it reads as one (long or short form). */
  id: string | null;
}

export function parseContentQuery(raw: string): ContentQuery {
  let username = '';
  const rest = raw
    .replace(/(?:^|\s)user:(\S+)/i, (_, name: string) => {
      username = name;
      return ' ';
    })
    .trim();
  const words = rest
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return { username, rest, words, id: rest && !/\s/.test(rest) ? toLongId(rest) : null };
}

const byUsername = (eb: ExpressionBuilder<Database, any>, username: string) => eb.selectFrom('user').select('user.id').where('user.username', '=', username);

/** A condition no row meets (a search of nothing but wildcard characters, an id of no post). */
const NOTHING = sql<boolean>`1 = 0`;

const card = (u: UserBasicInfo | undefined): AdminContentUser | null =>
  u ? { id: u.id, username: u.username, rank: u.rank, display_name: u.display_name, avatar: u.avatar, status: u.status } : null;

/**
 * `GET /answer/admin/api/question/page`: one status tab, newest first (ids grow with time, so the
 * primary key is the order: no sort over the filtered rows), matched by author, id or words of the
 * title and text. Authors come in one query for the page.
 */
export async function adminQuestionPage(runtime: Runtime, input: z.infer<typeof adminQuestionPageQuery>) {
  const db = runtime.database;
  const q = parseContentQuery(input.query);
  let base = db.selectFrom('question').where('question.status', '=', QUESTION_STATUS[input.status]);
  if (q.username) base = base.where('question.user_id', 'in', (eb) => byUsername(eb, q.username));
  if (q.rest) {
    const { words, id } = q;
    base = base.where((eb) => {
      const text = words.length
        ? eb.and(words.map((w) => eb.or([eb(eb.fn('lower', ['question.title']), 'like', `%${w}%`), eb(eb.fn('lower', ['question.original_text']), 'like', `%${w}%`)])))
        : null;
      const byId = id && objectTypeOf(id) === OBJECT_TYPE.question ? eb('question.id', '=', id) : null;
      const either = [text, byId].filter((x) => x !== null);
      return either.length ? eb.or(either) : NOTHING;
    });
  }
  const [rows, total, settings] = await Promise.all([
    base
      .select(['id', 'title', 'status', 'show', 'pin', 'vote_count', 'answer_count', 'accepted_answer_id', 'created_at', 'updated_at', 'post_update_time', 'user_id'])
      .orderBy('question.id', 'desc')
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    loadSiteSettings(runtime),
  ]);
  const users = await loadUserBasics(runtime, rows.map((r) => String(r.user_id)));
  const permalink = settings.seo.permalink;
  const list: AdminQuestionItem[] = rows.map((r) => ({
    id: presentId(String(r.id), permalink),
    title: r.title,
    url_title: urlTitle(r.title),
    status: Number(r.status),
    show: Number(r.show),
    pin: Number(r.pin),
    vote_count: Number(r.vote_count),
    answer_count: Number(r.answer_count),
    accepted_answer_id: String(r.accepted_answer_id) === '0' ? '0' : presentId(String(r.accepted_answer_id), permalink),
    create_time: Number(r.created_at),
    // Deleted rows show when they were deleted: the deletion writes updated_at.
    update_time: Number(r.updated_at),
    edit_time: Number(r.post_update_time),
    user_info: card(users.get(String(r.user_id))),
  }));
  return pageOf(total.n as number, list);
}

/**
 * `GET /answer/admin/api/answer/page`: one status tab, optionally one question's answers, newest
 * first; the query matches the answer's text or its question's title, an author, the answer's id
 * or its question's id. Authors and question titles come in one query each.
 */
export async function adminAnswerPage(runtime: Runtime, input: z.infer<typeof adminAnswerPageQuery>) {
  const db = runtime.database;
  const q = parseContentQuery(input.query);
  let base = db.selectFrom('answer').where('answer.status', '=', ANSWER_STATUS[input.status]);
  if (input.question_id) {
    const questionId = toLongId(input.question_id);
    base = questionId ? base.where('answer.question_id', '=', questionId) : base.where(NOTHING);
  }
  if (q.username) base = base.where('answer.user_id', 'in', (eb) => byUsername(eb, q.username));
  if (q.rest) {
    const { words, id } = q;
    base = base.where((eb) => {
      const text = words.length
        ? eb.and(
            words.map((w) =>
              eb.or([
                eb(eb.fn('lower', ['answer.original_text']), 'like', `%${w}%`),
                eb('answer.question_id', 'in', eb.selectFrom('question').select('question.id').where((qb) => qb(qb.fn('lower', ['question.title']), 'like', `%${w}%`))),
              ]),
            ),
          )
        : null;
      const type = id ? objectTypeOf(id) : null;
      const byId = id && type === OBJECT_TYPE.answer ? eb('answer.id', '=', id) : id && type === OBJECT_TYPE.question ? eb('answer.question_id', '=', id) : null;
      const either = [text, byId].filter((x) => x !== null);
      return either.length ? eb.or(either) : NOTHING;
    });
  }
  const [rows, total, settings] = await Promise.all([
    base
      .select(['id', 'question_id', 'parsed_text', 'status', 'created_at', 'updated_at', 'adopted', 'vote_count', 'user_id'])
      .orderBy('answer.id', 'desc')
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    loadSiteSettings(runtime),
  ]);
  const questionIds = [...new Set(rows.map((r) => String(r.question_id)))];
  const [users, questions] = await Promise.all([
    loadUserBasics(runtime, rows.map((r) => String(r.user_id))),
    questionIds.length ? db.selectFrom('question').select(['id', 'title', 'status']).where('id', 'in', questionIds).execute() : Promise.resolve([]),
  ]);
  const byQuestion = new Map(questions.map((x) => [String(x.id), x]));
  const permalink = settings.seo.permalink;
  const list: AdminAnswerItem[] = rows.map((r) => {
    const question = byQuestion.get(String(r.question_id));
    return {
      id: presentId(String(r.id), permalink),
      question_id: presentId(String(r.question_id), permalink),
      description: excerpt(r.parsed_text, 240),
      status: Number(r.status),
      create_time: Number(r.created_at),
      update_time: Number(r.updated_at),
      accepted: Number(r.adopted),
      vote_count: Number(r.vote_count),
      user_info: card(users.get(String(r.user_id))),
      question_info: { title: question?.title ?? '', url_title: question ? urlTitle(question.title) : '', status: Number(question?.status ?? 0) },
    };
  });
  return pageOf(total.n as number, list);
}
