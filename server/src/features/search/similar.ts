import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { QuestionTable } from '../../db/schema.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { nearestToText, nearestToPost } from '../ai/embeddings/neighbours.js';
import { titleWords } from '../question/queries.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { ID_RANGE, matchAllInTitle } from './dialect-sql.js';
import { phraseFrequency } from './frequency.js';
import { terms } from './terms.js';

/**
 * Questions whose titles share words with a title, from the titles' own index, rarest words first.
 * Each word's share of titles is counted up to FREQUENCY_CAP (frequency.ts); words are then read in
 * that order, each for its newest PER_WORD titles, until enough candidates are in. A common word
 * ("how") thus costs a bounded read and weighs little; a rare one finds all its titles and weighs
 * much. Nothing here reads every title holding a common word.
 *
 * Similar questions while asking and related questions stay on this index when a search plugin is
 * enabled: the SDK's SearchQuery has no "titles sharing words with this one", and these lists are
 * asked while typing and on every question page, where a plugin's latency and failures would show.
 *
 * With semantic search on, both lists also take the questions nearest in meaning (a question's own
 * stored vector for related questions, the typed title's for suggestions) and fuse the two rankings
 * by reciprocal rank, as search does (hybrid.ts); without it, or when the provider fails, they are
 * the title matches alone.
 */
const FREQUENCY_CAP = 1000;
const PER_WORD = 100;
const ENOUGH = 200;

const contains = (haystack: string[], phrase: string[]) =>
  haystack.some((_, i) => phrase.every((t, k) => haystack[i + k] === t));

type Row = { id: string | number; title: string };

interface Scored {
  row: Row;
  /** How many of the phrases the title holds. */
  shared: number;
  /** The shared phrases' weight: a rare phrase weighs more (an idf over the capped counts). */
  weight: number;
}

/**
 * Candidates sharing a phrase, with what they share: `conditions` filter the question rows (alias q).
 * Only the rarest `searched` phrases are read (a title sharing `needed` of n phrases holds one of
 * the n - needed + 1 rarest, so the rest cannot add a candidate that qualifies).
 */
async function titleCandidates(runtime: Runtime, phrases: string[][], searched: number, conditions: RawBuilder<unknown>): Promise<Scored[]> {
  const db = runtime.database;
  const frequencies = await Promise.all(phrases.map((p) => phraseFrequency(runtime, 'titles', p, FREQUENCY_CAP)));
  const weights = frequencies.map((f) => Math.log(1 + FREQUENCY_CAP / Math.max(1, f)));
  const order = phrases.map((_, i) => i).sort((a, b) => frequencies[a]! - frequencies[b]!);
  const found = new Map<string, Row>();
  for (const i of order.slice(0, searched)) {
    if (found.size >= ENOUGH) break;
    const match = matchAllInTitle(dialectOf(db), [phrases[i]!]);
    const [lo, hi] = ID_RANGE.question;
    const { rows } = await sql<Row>`SELECT q.id, q.title FROM ${match.from('question', 'q')}
      WHERE ${match.where} AND ${match.id} BETWEEN ${lo} AND ${hi} AND ${conditions}
      ORDER BY ${match.id} DESC LIMIT ${PER_WORD}`.execute(db);
    for (const r of rows) found.set(String(r.id), r);
  }
  return [...found.values()].map((row) => {
    const title = terms(row.title);
    const held = phrases.map((p) => contains(title, p));
    return { row, shared: held.filter(Boolean).length, weight: held.reduce((sum, h, i) => sum + (h ? weights[i]! : 0), 0) };
  });
}

const newerFirst = (a: Row, b: Row) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0);

/**
 * Title suggestions while asking (domain.md 11.4): questions in `statuses` whose title shares at
 * least half of the typed title's words (three at most), the most shared first, then the rarer
 * shared words, at most 10. A title without spaces (CJK) is one word, found inside titles.
 */
export async function similarByTitle(runtime: Runtime, title: string, statuses: number[]): Promise<Selectable<QuestionTable>[]> {
  const words = titleWords(title);
  const typed = title.trim();
  const phrases = (words.length ? words : typed.length >= 2 ? [typed] : []).map(terms).filter((p) => p.length);
  if (!phrases.length) return [];
  const needed = Math.min(3, Math.ceil(phrases.length / 2));
  const scored = await titleCandidates(runtime, phrases, phrases.length - needed + 1, sql`q.status IN (${sql.join(statuses)})`);
  const byWords = scored
    .filter((r) => r.shared >= needed)
    .sort((a, b) => b.shared - a.shared || b.weight - a.weight || newerFirst(a.row, b.row))
    .map((r) => String(r.row.id));
  const near = await nearestQuestions(runtime, await nearestToText(runtime, typed, NEIGHBOURS, { kind: 'question' }), sql`q.status IN (${sql.join(statuses)})`);
  const ids = fuse(byWords, near).slice(0, 10);
  if (!ids.length) return [];
  const rows = await runtime.database.selectFrom('question').selectAll().where('id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((q) => String(q.id) === id));
}

/**
 * Related questions (domain.md 11.4): listed questions everyone may see whose titles share words
 * with this title, rare shared words weighing most, the question itself left out. Returns their ids.
 */
export async function relatedByTitle(runtime: Runtime, title: string, excludeId: string, limit: number): Promise<string[]> {
  const phrases = titleWords(title).map(terms).filter((p) => p.length);
  const listed = sql`q.status IN (${sql.join(PUBLIC_QUESTION_STATUSES)}) AND q.show = 1 AND q.id <> ${excludeId}`;
  const scored = phrases.length ? await titleCandidates(runtime, phrases, phrases.length, listed) : [];
  const byWords = scored
    .filter((r) => r.shared > 0)
    .sort((a, b) => b.weight - a.weight || newerFirst(a.row, b.row))
    .map((r) => String(r.row.id));
  const near = await nearestQuestions(runtime, await nearestToPost(runtime, excludeId, NEIGHBOURS, { kind: 'question', exclude: excludeId }), listed);
  return fuse(byWords, near).slice(0, limit);
}

/** Neighbours read for a list of ten at most. */
const NEIGHBOURS = 20;

/** The neighbours' ids that pass `conditions` (alias q), in their order; [] without neighbours. */
async function nearestQuestions(runtime: Runtime, neighbours: { id: string }[] | null, conditions: RawBuilder<unknown>): Promise<string[]> {
  if (!neighbours?.length) return [];
  const ids = neighbours.map((n) => n.id);
  const { rows } = await sql<{ id: string | number }>`SELECT q.id FROM question q WHERE q.id IN (${sql.join(ids)}) AND ${conditions}`.execute(runtime.database);
  const kept = new Set(rows.map((r) => String(r.id)));
  return ids.filter((id) => kept.has(id));
}

/** Reciprocal rank fusion (k = 60) of two rankings; the word ranking alone when there are no neighbours. */
function fuse(byWords: string[], near: string[]): string[] {
  if (!near.length) return byWords;
  const score = new Map<string, number>();
  for (const list of [byWords, near]) list.forEach((id, rank) => score.set(id, (score.get(id) ?? 0) + 1 / (60 + rank + 1)));
  // Stable sort: on a tie the word ranking's entry, added first, stays ahead.
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)!);
}
