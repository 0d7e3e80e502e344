import type { Runtime } from '../../runtime.js';
import { nearestToText } from '../ai/embeddings/neighbours.js';
import type { ParsedQuery } from './parse.js';
import { type Hit, MAX_HITS, rankedHits, type SearchFilter, visibleHits } from './queries.js';

/**
 * Hybrid ranking (docs/ai.md, "Semantic search"): with semantic search on, a relevance search of
 * words is the reciprocal rank fusion of the full-text hits and the posts nearest in meaning to the
 * words. Each list gives a post 1 / (K + rank); a post on both lists adds both. Ranks, not scores,
 * are fused, so bm25, ts_rank and InnoDB's scores need no common scale with cosines. Neighbours pass
 * the operators and the visibility rule of every hit (queries.ts visibleHits) before they count.
 *
 * Left as they were: other orders (newest, active, score sort the matches of the words, and a
 * neighbour matches none), quoted phrases (an exact match was asked for) and searches without
 * words. When the provider cannot answer, the full-text order is returned unchanged.
 */
const K = 60;
/** Neighbours considered: enough to fill the first pages, few enough that weak ones do not crowd out matches. */
const NEIGHBOURS = 30;

export function usesVectors(q: string, parsed: ParsedQuery, order: string): boolean {
  return order === 'relevance' && parsed.phrases.length > 0 && !q.includes('"');
}

/** The page, fused; null when the provider or the index cannot answer (the caller searches as before). */
export async function hybridHits(runtime: Runtime, f: SearchFilter, offset: number, limit: number): Promise<{ count: number; hits: Hit[] } | null> {
  const [neighbours, words] = await Promise.all([nearestToText(runtime, f.parsed.surfaces.join(' '), NEIGHBOURS), rankedHits(runtime, f, 'relevance')]);
  if (!neighbours) return null;
  const near = await visibleHits(runtime, f, neighbours);
  const fused = new Map<string, { hit: Hit; score: number; best: number }>();
  const add = (list: Hit[]) =>
    list.forEach((hit, rank) => {
      const seen = fused.get(hit.object_id);
      if (seen) {
        seen.score += 1 / (K + rank + 1);
        seen.best = Math.min(seen.best, rank);
      } else fused.set(hit.object_id, { hit, score: 1 / (K + rank + 1), best: rank });
    });
  add(words);
  add(near);
  // Ties (the same rank on one list each) go to the better single rank, then to the full-text side, added first.
  const sorted = [...fused.values()].sort((a, b) => b.score - a.score || a.best - b.best);
  return { count: Math.min(sorted.length, MAX_HITS), hits: sorted.slice(offset, Math.min(offset + limit, MAX_HITS)).map((e) => e.hit) };
}
