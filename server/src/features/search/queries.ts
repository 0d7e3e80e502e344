import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { ID_RANGE, matchAll, matchAllInTitle, type TextMatch } from './dialect-sql.js';
import { phraseFrequency } from './frequency.js';
import type { ParsedQuery } from './parse.js';
import { readRows } from './read.js';

/**
 * The hits of a search, read in bounded passes so that a search costs the same on a small site and
 * a big one, however common its words. Each pass reads one kind of post newest first (ids grow with
 * time, and each kind is one id range of the index), keeps those passing the operators and the
 * visibility rule, and stops at MAX_HITS: questions, answers and, for relevance, questions holding
 * every phrase in their title, from the titles' own index however old they are. The hits are then
 * ordered here and paged; `count` is exact below MAX_HITS, and MAX_HITS means "that many or more",
 * the last page a reader can reach. Visibility is decided from the posts' own rows, the rule of the
 * question list: available and closed questions that are listed, available answers of those.
 * Unlisted questions (and their answers) also show to their author and to those who may list them
 * again; deleted and pending posts never show in search (moderators have their admin lists).
 */
export const MAX_HITS = 200;
/** Title matches older than the newest hits: the first pages of a relevance search. */
const OLDER_TITLE_HITS = 100;
/** SQLite scores with bm25 when no phrase is in more posts than this (see dialect-sql.ts matchAll). */
const RARE = 2000;
/**
 * The most posts a pass examines, newest first. Operators that keep few of the many matches of
 * common words (a rare tag, one person's posts, score:50) would otherwise walk every match; past
 * this many, older posts are not found (a search plugin filters inside its index).
 */
const SCAN = 10_000;
const TAGGED_QUESTIONS = 2000;

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

interface Candidate extends Hit {
  created_at: number;
  active_at: number;
  vote_count: number;
  /** The engine's score where it gives one (see dialect-sql.ts matchAll), else 0. */
  relevance: number;
  /** Every phrase is in the title. */
  inTitle: boolean;
}

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

/** The operators' conditions on one kind of post (aliases q, and a for answers). */
function conditions(f: SearchFilter, kind: 'question' | 'answer'): RawBuilder<unknown>[] {
  const p = f.parsed;
  if (kind === 'question') {
    const c = questionConditions(f);
    if (f.userId) c.push(sql`q.user_id = ${f.userId}`);
    c.push(...atLeast('q.vote_count', p.minScore, p.exactZero.score));
    c.push(...atLeast('q.answer_count', p.minAnswers, p.exactZero.answers));
    c.push(...atLeast('q.view_count', p.minViews, false));
    if (p.hasAccepted !== undefined) c.push(p.hasAccepted ? sql`q.accepted_answer_id <> 0` : sql`q.accepted_answer_id = 0`);
    return c;
  }
  const c = [sql`a.status = ${A.available}`, ...questionConditions(f)];
  if (f.userId) c.push(sql`a.user_id = ${f.userId}`);
  if (f.inQuestion) c.push(sql`a.question_id = ${f.inQuestion}`);
  c.push(...atLeast('a.vote_count', p.minScore, p.exactZero.score));
  if (p.acceptedAnswers) c.push(sql`a.adopted = 2`);
  return c;
}

/** A post id as the text it is everywhere else (SQLite's reads here return plain numbers, see read.ts). */
const idText = (dialect: DialectName, column: string) => (dialect === 'sqlite3' ? sql`CAST(${sql.ref(column)} AS TEXT)` : sql.ref(column));

/**
 * The posts a pass examines, newest first, at most SCAN: the matches of the words from the index
 * alone when there are words, else the most selective operator's posts by their own index (the
 * person's, the question's answers, the first tag's; tag_rel's (tag_id, status, object_id) index,
 * migration 0015, reads a tag's newest first), else the newest posts. Answers of a tag are those of
 * its newest TAGGED_QUESTIONS questions (sorting all of a big tag's answers took 40 ms at a million).
 */
function examined(f: SearchFilter, kind: 'question' | 'answer', match: TextMatch | null): RawBuilder<unknown> {
  if (match) {
    const [lo, hi] = ID_RANGE[kind];
    return sql`SELECT ${match.id} AS id FROM ${match.index} WHERE ${match.where} AND ${match.id} BETWEEN ${lo} AND ${hi} ORDER BY ${match.id} DESC LIMIT ${SCAN}`;
  }
  const table = sql.table(kind);
  if (f.userId) return sql`SELECT id FROM ${table} WHERE user_id = ${f.userId} ORDER BY id DESC LIMIT ${SCAN}`;
  if (kind === 'answer' && f.inQuestion) return sql`SELECT id FROM answer WHERE question_id = ${f.inQuestion} ORDER BY id DESC LIMIT ${SCAN}`;
  const [group] = f.tagGroups;
  if (!group) return sql`SELECT id FROM ${table} ORDER BY id DESC LIMIT ${SCAN}`;
  const tagged = (n: number) => sql`SELECT object_id FROM tag_rel WHERE tag_id IN (${sql.join(group)}) AND status = 1 ORDER BY object_id DESC LIMIT ${n}`;
  if (kind === 'question') return sql`SELECT t.object_id AS id FROM (${tagged(SCAN)}) t`;
  return sql`SELECT ta.id FROM (${tagged(TAGGED_QUESTIONS)}) t JOIN answer ta ON ta.question_id = t.object_id ORDER BY ta.id DESC LIMIT ${SCAN}`;
}

/**
 * One pass: the newest `limit` posts of a kind that match (the text, when there is some) and pass
 * the conditions, with the engine's score where it gives one (see TextMatch.rankInline).
 */
async function pass(db: Db, f: SearchFilter, kind: 'question' | 'answer', match: TextMatch | null, limit: number, inTitle = false): Promise<Candidate[]> {
  const alias = kind === 'question' ? 'q' : 'a';
  const where = conditions(f, kind);
  const inline = match?.rank && match.rankInline;
  let from: RawBuilder<unknown>;
  let order: RawBuilder<unknown>;
  if (match && inline) {
    // The score comes with the read (see TextMatch.rankInline): SQLite's only for rare phrases, whose
    // matches are fewer than SCAN; InnoDB visits every match anyway.
    where.unshift(match.where, sql`${match.id} BETWEEN ${ID_RANGE[kind][0]} AND ${ID_RANGE[kind][1]}`);
    from = match.from(kind, alias);
    order = match.id;
  } else {
    // Then the posts, in that order (a co-routine on SQLite, whose CROSS JOIN keeps it first: rows
    // are pulled only until the LIMIT is met).
    const join = dialectOf(db) === 'sqlite3' ? sql`CROSS JOIN` : sql`JOIN`;
    from = sql`(${examined(f, kind, match)}) m ${join} ${sql.table(kind)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = m.id`;
    order = sql`m.id`;
  }
  const join = kind === 'answer' ? sql`JOIN question q ON q.id = a.question_id` : sql``;
  const active = kind === 'question' ? sql`q.post_update_time` : sql`a.updated_at`;
  const inner = sql`SELECT ${idText(dialectOf(db), `${alias}.id`)} AS object_id, ${sql.ref(`${alias}.created_at`)} AS created_at, ${active} AS active_at,
    ${sql.ref(`${alias}.vote_count`)} AS vote_count${inline ? sql`, ${match!.rank} AS relevance` : sql``}
    FROM ${from} ${join} WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order} DESC LIMIT ${limit}`;
  const query = match?.rank && !inline
    ? sql`SELECT c.*, ${match.rank} AS relevance FROM (${inner}) c JOIN search_doc ON search_doc.object_id = c.object_id`
    : inner;
  const rows = await readRows<{ object_id: string | number; created_at: number; active_at: number; vote_count: number; relevance?: number }>(db, query);
  return rows.map((r) => ({
    object_id: String(r.object_id),
    kind: KIND[kind],
    created_at: Number(r.created_at),
    active_at: Number(r.active_at),
    vote_count: Number(r.vote_count),
    relevance: Number(r.relevance ?? 0),
    inTitle,
  }));
}

const newer = (a: Candidate, b: Candidate) => (a.object_id === b.object_id ? 0 : a.object_id < b.object_id ? 1 : -1);

/**
 * Relevance: every phrase in the title first, then the engine's score, then votes. Without words
 * there is nothing to be relevant to: newest first (domain.md 10.4).
 */
const ORDERS: Record<string, (a: Candidate, b: Candidate) => number> = {
  relevance: (a, b) => Number(b.inTitle) - Number(a.inTitle) || b.relevance - a.relevance || b.vote_count - a.vote_count || b.created_at - a.created_at || newer(a, b),
  newest: (a, b) => b.created_at - a.created_at || newer(a, b),
  active: (a, b) => b.active_at - a.active_at || newer(a, b),
  score: (a, b) => b.vote_count - a.vote_count || b.created_at - a.created_at || newer(a, b),
};

/** Whether every phrase is in at most RARE posts (counted up to there, so this costs little either way). */
async function rare(runtime: Runtime, phrases: string[][]): Promise<boolean> {
  const counts = await Promise.all(phrases.map((phrase) => phraseFrequency(runtime, 'posts', phrase, RARE + 1)));
  return counts.every((n) => n <= RARE);
}

/** One page of hits and their count (exact below MAX_HITS, see above). */
export async function searchHits(runtime: Runtime, f: SearchFilter, order: string, offset: number, limit: number): Promise<{ count: number; hits: Hit[] }> {
  const sorted = await rankedHits(runtime, f, order);
  return { count: Math.min(sorted.length, MAX_HITS), hits: sorted.slice(offset, Math.min(offset + limit, MAX_HITS)) };
}

/** Every hit found, in the order asked for (the page is cut by the caller; hybrid.ts fuses it first). */
export async function rankedHits(runtime: Runtime, f: SearchFilter, order: string): Promise<Hit[]> {
  const db = runtime.database;
  const p = f.parsed;
  const dialect = dialectOf(db);
  const byRelevance = order === 'relevance' || !ORDERS[order];
  let match = p.phrases.length ? matchAll(dialect, p.phrases) : null;
  // Only relevance needs a score; SQLite's costs a count of each phrase's posts (see matchAll).
  if (match && (!byRelevance || (dialect === 'sqlite3' && !(await rare(runtime, p.phrases))))) match = { ...match, rank: null };
  const kinds = (['question', 'answer'] as const).filter((k) => p.scope === 'all' || p.scope === k);
  const passes = kinds.map((k) => pass(db, f, k, match, MAX_HITS));
  const titled = match && byRelevance && kinds.includes('question') ? pass(db, f, 'question', { ...matchAllInTitle(dialect, p.phrases), rank: match.rank && !match.rankInline ? match.rank : null }, OLDER_TITLE_HITS, true) : null;

  const found = new Map<string, Candidate>();
  for (const rows of await Promise.all(passes)) for (const c of rows) found.set(c.object_id, c);
  // A title match may be older than the newest MAX_HITS: it is a hit all the same, and the best one.
  for (const c of titled ? await titled : []) {
    const seen = found.get(c.object_id);
    if (seen) seen.inTitle = true;
    else found.set(c.object_id, c);
  }
  const sorted = [...found.values()].sort(match && byRelevance ? ORDERS.relevance! : (ORDERS[order] ?? ORDERS.newest!));
  return sorted.map(({ object_id, kind }) => ({ object_id, kind }));
}

/**
 * Which of these posts pass the operators and the visibility rule of every search hit (the same
 * conditions as the passes above), in the order given: the gate semantic neighbours go through, so
 * a deleted, pending or unlisted post comes back to nobody who could not find it by its words.
 */
export async function visibleHits(runtime: Runtime, f: SearchFilter, posts: { id: string; kind: 'question' | 'answer' }[]): Promise<Hit[]> {
  const db = runtime.database;
  const kept = new Set<string>();
  for (const kind of ['question', 'answer'] as const) {
    const ids = posts.filter((p) => p.kind === kind).map((p) => p.id);
    if (!ids.length || (f.parsed.scope !== 'all' && f.parsed.scope !== kind)) continue;
    const alias = kind === 'question' ? 'q' : 'a';
    const join = kind === 'answer' ? sql`JOIN question q ON q.id = a.question_id` : sql``;
    const where = [sql`${sql.ref(`${alias}.id`)} IN (${sql.join(ids)})`, ...conditions(f, kind)];
    const rows = await readRows<{ object_id: string | number }>(
      db,
      sql`SELECT ${idText(dialectOf(db), `${alias}.id`)} AS object_id FROM ${sql.table(kind)} ${sql.raw(alias)} ${join} WHERE ${sql.join(where, sql` AND `)}`,
    );
    for (const r of rows) kept.add(String(r.object_id));
  }
  return posts.filter((p) => kept.has(p.id)).map((p) => ({ object_id: p.id, kind: KIND[p.kind] }));
}
