import { sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { matchAll, matchAllInTitle } from './dialect-sql.js';

/**
 * How many posts (or titles) hold a phrase, counted up to `cap`: the cost of the count is at most
 * `cap` postings, so a common word costs no more than a rare one. Kept ten minutes per process: a
 * word's share of posts changes slowly, and every search of the word would otherwise count again.
 */
const KEEP_SECONDS = 600;

export async function phraseFrequency(runtime: Runtime, where: 'posts' | 'titles', phrase: string[], cap: number): Promise<number> {
  const key = `answer:search-frequency:${where}:${cap}:${phrase.join(' ')}`;
  const kept = await runtime.cache.get<number>(key);
  if (kept !== undefined) return kept;
  const dialect = dialectOf(runtime.database);
  const match = where === 'titles' ? matchAllInTitle(dialect, [phrase]) : matchAll(dialect, [phrase]);
  const { rows } = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (SELECT 1 AS x FROM ${match.index} WHERE ${match.where} LIMIT ${cap}) t`.execute(runtime.database);
  const n = Number(rows[0]?.n ?? 0);
  await runtime.cache.set(key, n, KEEP_SECONDS);
  return n;
}
