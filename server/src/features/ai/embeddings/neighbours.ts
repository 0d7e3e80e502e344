import { can, type SessionUser } from '../../../core/guardian.js';
import { loadThresholds } from '../../../core/privileges.js';
import type { Runtime } from '../../../runtime.js';
import { parseQuery } from '../../search/parse.js';
import { type SearchFilter, visibleHits } from '../../search/queries.js';
import { loadSiteSettings } from '../../siteinfo/service.js';
import { queryVector } from './query.js';
import { embeddingModelOf } from './setup.js';
import { nearest, type Neighbour, type ScanOptions, storedVector } from './vector-index.js';

/**
 * Neighbours are kept only when close to the best one: every post is some distance from a query,
 * and the nearest posts to a query that matches nothing are noise. Cosines differ by model (an
 * unrelated pair scores about 0.1 with OpenAI's models, 0.4 with nomic-embed-text), so the bar is
 * relative to the best match rather than one number for all models.
 */
const CLOSE_TO_BEST = 0.5;

function closeEnough(list: Neighbour[] | null): Neighbour[] | null {
  const best = list?.[0]?.score ?? 0;
  return list && list.filter((n) => n.score > 0 && n.score >= best * CLOSE_TO_BEST);
}

/**
 * The stored posts nearest in meaning to a text, before any visibility check: null when semantic
 * search is off or cannot answer now (no provider, provider failing, index too large), so callers
 * keep their full-text behaviour. Never throws.
 */
export async function nearestToText(runtime: Runtime, text: string, k: number, options: ScanOptions = {}): Promise<Neighbour[] | null> {
  try {
    const query = await queryVector(runtime, text);
    return query && closeEnough(await nearest(runtime, query.model, query.vector, k, options));
  } catch (error) {
    console.error('semantic search: the vector index could not answer', error);
    return null;
  }
}

/** The same for a stored post, from its own vector: no provider call. Null when it has none yet. */
export async function nearestToPost(runtime: Runtime, id: string, k: number, options: ScanOptions = {}): Promise<Neighbour[] | null> {
  try {
    const model = embeddingModelOf((await loadSiteSettings(runtime)).ai)?.model;
    const vector = model && (await storedVector(runtime, model, id));
    return vector ? closeEnough(await nearest(runtime, model, vector, k, options)) : null;
  } catch (error) {
    console.error('semantic search: the vector index could not answer', error);
    return null;
  }
}

/** How many more neighbours are read than asked for, so that some survive the visibility check. */
const OVERSHOOT = 3;

/**
 * For the assistant: the visible posts nearest in meaning to `text`, best first, with each post's
 * question. Visible means what this reader's search could show (search's own rule: available and
 * closed questions that are listed, or unlisted ones of their own or for those who may list them;
 * available answers of those). [] when semantic search is off or the provider fails.
 */
export async function semanticNeighbours(
  runtime: Runtime,
  user: SessionUser | null,
  text: string,
  limit: number,
): Promise<Array<{ object_id: string; question_id: string; kind: 'question' | 'answer'; score: number }>> {
  if (limit <= 0) return [];
  const found = await nearestToText(runtime, text, limit * OVERSHOOT);
  if (!found?.length) return [];
  const filter: SearchFilter = { parsed: parseQuery(''), tagGroups: [], seesUnlisted: can(user, 'question.show', await loadThresholds(runtime)), viewerId: user?.id };
  const visible = new Set((await visibleHits(runtime, filter, found)).map((h) => h.object_id));
  const kept = found.filter((n) => visible.has(n.id)).slice(0, limit);
  const answerIds = kept.filter((n) => n.kind === 'answer').map((n) => n.id);
  const answers = answerIds.length ? await runtime.database.selectFrom('answer').select(['id', 'question_id']).where('id', 'in', answerIds).execute() : [];
  const questionOf = new Map(answers.map((a) => [String(a.id), String(a.question_id)]));
  return kept.map((n) => ({ object_id: n.id, question_id: n.kind === 'question' ? n.id : (questionOf.get(n.id) ?? ''), kind: n.kind, score: n.score }));
}
