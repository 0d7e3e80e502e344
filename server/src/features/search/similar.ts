import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database, QuestionTable } from '../../db/schema.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import type { Selectable } from 'kysely';
import { titleWords } from '../question/queries.js';
import { matchAnyTitle } from './dialect-sql.js';
import { terms } from './terms.js';

/** Titles sharing any word, best ranked first, before the "enough words in common" test. */
const CANDIDATES = 200;

const contains = (haystack: string[], phrase: string[]) =>
  haystack.some((_, i) => phrase.every((t, k) => haystack[i + k] === t));

/**
 * Title suggestions while asking (domain.md 11.4), from the search index's title terms: questions
 * in `statuses` whose title shares at least half of the typed title's words (three at most), the
 * most shared first, at most 10. A title without spaces (CJK) is one word, found inside titles.
 */
export async function similarByTitle(db: Kysely<Database>, title: string, statuses: number[]): Promise<Selectable<QuestionTable>[]> {
  const words = titleWords(title);
  const typed = title.trim();
  const phrases = (words.length ? words : typed.length >= 2 ? [typed] : []).map(terms).filter((p) => p.length);
  if (!phrases.length) return [];
  const match = matchAnyTitle(dialectOf(db), phrases);
  const { rows } = await sql<Selectable<QuestionTable>>`SELECT q.* FROM ${match.from('question', 'q')}
    WHERE ${match.where} AND q.status IN (${sql.join(statuses)}) ORDER BY ${match.rank} DESC LIMIT ${CANDIDATES}`.execute(db);
  const needed = Math.min(3, Math.ceil(phrases.length / 2));
  return rows
    .map((q) => ({ q, shared: phrases.filter((p) => contains(terms(q.title), p)).length }))
    .filter((r) => r.shared >= needed)
    .sort((a, b) => b.shared - a.shared || (BigInt(b.q.id) > BigInt(a.q.id) ? 1 : -1))
    .slice(0, 10)
    .map((r) => r.q);
}

/**
 * Related questions (domain.md 11.4) from the search index: listed questions everyone may see whose
 * titles share words with this title, the best ranked first (the engines weigh rare words above
 * common ones), the question itself left out. Returns their ids.
 */
export async function relatedByTitle(db: Kysely<Database>, title: string, excludeId: string, limit: number): Promise<string[]> {
  const phrases = titleWords(title).map(terms).filter((p) => p.length);
  if (!phrases.length) return [];
  const match = matchAnyTitle(dialectOf(db), phrases);
  const { rows } = await sql<{ id: string | number }>`SELECT q.id FROM ${match.from('question', 'q')}
    WHERE ${match.where} AND q.status IN (${sql.join(PUBLIC_QUESTION_STATUSES)}) AND q.show = 1 AND q.id <> ${excludeId}
    ORDER BY ${match.rank} DESC LIMIT ${limit}`.execute(db);
  return rows.map((r) => String(r.id));
}
