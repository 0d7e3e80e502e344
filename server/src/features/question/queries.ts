import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { ACT } from '../activity/types.js';

const DAY = 86400;
const now = () => Math.floor(Date.now() / 1000);

export interface ListFilter {
  order: string;
  tagIds?: string[];
  userId?: string;
  inDays?: number;
  /** Include unlisted and pending questions (a user's own list). */
  includeHidden?: boolean;
  /** The recommended feed of a reader (domain.md 11.2). */
  feed?: { userId: string; tagIds: string[] };
  /** Only these questions (related questions found by the search index). */
  ids?: string[];
  offset: number;
  limit: number;
}

/**
 * The question list (domain.md 11.1): pinned first, then the order's sort. Every variant is served
 * by one of the question indexes (status, show, pin, <sort column>); tags are an EXISTS on tag_rel.
 */
function filtered(db: Kysely<Database>, f: ListFilter) {
  let q = db.selectFrom('question').where('question.status', 'in', f.includeHidden ? [1, 2, 11] : [1, 2]);
  if (!f.includeHidden) q = q.where('question.show', '=', 1);
  if (f.userId) q = q.where('question.user_id', '=', f.userId);
  if (f.ids) q = f.ids.length ? q.where('question.id', 'in', f.ids) : q.where(sql<boolean>`1 = 0`);
  if (f.tagIds?.length) {
    const tagIds = f.tagIds;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_rel')
          .select('tag_rel.id')
          .whereRef('tag_rel.object_id', '=', 'question.id')
          .where('tag_rel.tag_id', 'in', tagIds)
          .where('tag_rel.status', '=', 1),
      ),
    );
  }
  if (f.feed) {
    const { userId, tagIds } = f.feed;
    q = q.where((eb) => {
      // Questions the reader follows, and others' questions in the followed tags that the reader has not answered.
      const followed = eb('question.id', 'in', eb.selectFrom('activity').select('object_id').where('user_id', '=', userId).where('activity_type', '=', ACT.questionFollow).where('cancelled', '=', 0));
      if (!tagIds.length) return followed;
      const inTags = eb.and([
        eb.exists(eb.selectFrom('tag_rel').select('tag_rel.id').whereRef('tag_rel.object_id', '=', 'question.id').where('tag_rel.tag_id', 'in', tagIds).where('tag_rel.status', '=', 1)),
        eb('question.user_id', '!=', userId),
        eb.not(eb.exists(eb.selectFrom('answer').select('answer.id').whereRef('answer.question_id', '=', 'question.id').where('answer.user_id', '=', userId).where('answer.status', '=', 1))),
      ]);
      return eb.or([inTags, followed]);
    });
  }
  const t = now();
  if (f.order === 'hot') q = q.where('question.created_at', '>=', t - (f.inDays ?? 90) * DAY);
  else if (f.inDays) q = q.where('question.created_at', '>=', t - f.inDays * DAY);
  if (f.order === 'active') q = q.where('question.post_update_time', '>=', t - 90 * DAY);
  if (f.order === 'unanswered') q = q.where('question.answer_count', '=', 0);
  return q;
}

function ordered<O>(q: SelectQueryBuilder<Database, 'question', O>, order: string) {
  const r = q.orderBy('question.pin', 'desc');
  switch (order) {
    case 'active':
      return r.orderBy('question.post_update_time', 'desc').orderBy('question.id', 'desc');
    case 'hot':
      return r.orderBy('question.hot_score', 'desc').orderBy('question.id', 'desc');
    case 'score':
      return r.orderBy('question.vote_count', 'desc').orderBy('question.view_count', 'desc').orderBy('question.id', 'desc');
    case 'frequent':
      return r.orderBy('question.view_count', 'desc').orderBy('question.id', 'desc');
    default:
      return r.orderBy('question.created_at', 'desc').orderBy('question.id', 'desc');
  }
}

export function pageQuestions(db: Kysely<Database>, f: ListFilter) {
  return ordered(filtered(db, f).selectAll('question'), f.order).limit(f.limit).offset(f.offset).execute();
}

export async function countQuestions(db: Kysely<Database>, f: Omit<ListFilter, 'offset' | 'limit'>): Promise<number> {
  const row = await filtered(db, { ...f, offset: 0, limit: 0 }).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findQuestion(db: Kysely<Database>, id: string) {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The words of a typed title worth matching: 3+ characters, lower case, LIKE wildcards removed, at most 8. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().replace(/[%_\\]/g, ' ').split(/[\s\p{P}]+/u).filter((w) => [...w].length >= 3);
  return [...new Set(words)].slice(0, 8);
}

/** The question row, locked until the transaction ends (SQLite transactions are exclusive already). */
export async function lockQuestion(trx: Transaction<Database>, id: string) {
  let q = trx.selectFrom('question').selectAll().where('id', '=', id);
  if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
  return q.executeTakeFirst();
}
