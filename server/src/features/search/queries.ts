import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { A } from '../answer/service.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { matchAll } from './dialect-sql.js';
import type { ParsedQuery } from './parse.js';

/**
 * The hits of a search: questions and answers matching the text and the operators, in one UNION
 * ALL, ordered and paged in SQL. Visibility is decided here from the posts' own rows, the rule of
 * the question list: available and closed questions that are listed, available answers of those.
 * Unlisted questions (and their answers) also show to their author and to those who may list
 * them again; deleted and pending posts never show in search (moderators have their admin lists).
 */
export interface SearchFilter {
  parsed: ParsedQuery;
  /** Tag groups: each is the ids a question must have one of. */
  tagGroups: string[][];
  userId?: string;
  inQuestion?: string;
  viewerId?: string;
  seesUnlisted: boolean;
}

export interface Hit {
  object_id: string;
  kind: number;
}

export const KIND = { question: 1, answer: 2 } as const;

type Db = Kysely<Database>;

function questionConditions(f: SearchFilter): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [sql`q.status IN (${sql.join(PUBLIC_QUESTION_STATUSES)})`];
  if (!f.seesUnlisted) c.push(f.viewerId ? sql`(${sql.ref('q.show')} = 1 OR q.user_id = ${f.viewerId})` : sql`${sql.ref('q.show')} = 1`);
  for (const group of f.tagGroups) {
    c.push(sql`EXISTS (SELECT 1 FROM tag_rel tr WHERE tr.object_id = q.id AND tr.status = 1 AND tr.tag_id IN (${sql.join(group)}))`);
  }
  return c;
}

function atLeast(column: string, n: number | undefined, exactZero: boolean): RawBuilder<unknown>[] {
  if (n === undefined) return [];
  return [exactZero ? sql`${sql.ref(column)} = 0` : sql`${sql.ref(column)} >= ${n}`];
}

function arms(db: Db, f: SearchFilter): RawBuilder<unknown>[] {
  const p = f.parsed;
  const match = p.phrases.length ? matchAll(dialectOf(db), p.phrases) : null;
  const rank = match ? match.rank : sql`0`;
  const where = (conditions: RawBuilder<unknown>[]) => sql.join(match ? [match.where, ...conditions] : conditions, sql` AND `);
  const out: RawBuilder<unknown>[] = [];

  if (p.scope === 'all' || p.scope === 'question') {
    const c = questionConditions(f);
    if (f.userId) c.push(sql`q.user_id = ${f.userId}`);
    c.push(...atLeast('q.vote_count', p.minScore, p.exactZero.score));
    c.push(...atLeast('q.answer_count', p.minAnswers, p.exactZero.answers));
    c.push(...atLeast('q.view_count', p.minViews, false));
    if (p.hasAccepted !== undefined) c.push(p.hasAccepted ? sql`q.accepted_answer_id <> 0` : sql`q.accepted_answer_id = 0`);
    out.push(sql`SELECT q.id AS object_id, ${sql.lit(KIND.question)} AS kind, q.created_at AS created_at, q.post_update_time AS active_at,
      q.vote_count AS vote_count, ${rank} AS relevance
      FROM ${match ? match.from('question', 'q') : sql`question q`} WHERE ${where(c)}`);
  }
  if (p.scope === 'all' || p.scope === 'answer') {
    const c = [sql`a.status = ${A.available}`, ...questionConditions(f)];
    if (f.userId) c.push(sql`a.user_id = ${f.userId}`);
    if (f.inQuestion) c.push(sql`a.question_id = ${f.inQuestion}`);
    c.push(...atLeast('a.vote_count', p.minScore, p.exactZero.score));
    if (p.acceptedAnswers) c.push(sql`a.adopted = 2`);
    out.push(sql`SELECT a.id AS object_id, ${sql.lit(KIND.answer)} AS kind, a.created_at AS created_at, a.updated_at AS active_at,
      a.vote_count AS vote_count, ${rank} AS relevance
      FROM ${match ? match.from('answer', 'a') : sql`answer a`} JOIN question q ON q.id = a.question_id WHERE ${where(c)}`);
  }
  return out;
}

const ORDERS: Record<string, RawBuilder<unknown>> = {
  relevance: sql`relevance DESC, created_at DESC, object_id DESC`,
  newest: sql`created_at DESC, object_id DESC`,
  active: sql`active_at DESC, object_id DESC`,
  score: sql`vote_count DESC, created_at DESC, object_id DESC`,
};

export async function searchHits(db: Db, f: SearchFilter, order: string, offset: number, limit: number): Promise<Hit[]> {
  const parts = arms(db, f);
  if (!parts.length) return [];
  const union = sql.join(parts, sql` UNION ALL `);
  const { rows } = await sql<Hit>`SELECT object_id, kind FROM (${union}) hits ORDER BY ${ORDERS[order] ?? ORDERS.relevance!} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((r) => ({ object_id: String(r.object_id), kind: Number(r.kind) }));
}

export async function countHits(db: Db, f: SearchFilter): Promise<number> {
  const parts = arms(db, f);
  if (!parts.length) return 0;
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (${sql.join(parts, sql` UNION ALL `)}) hits`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
