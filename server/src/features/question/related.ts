import { notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { presentId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { embeddingModelOf } from '../ai/embeddings/setup.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { canSeeQuestion, PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { cachedList } from './list-cache.js';
import { listPage, questionPage } from './list.js';
import { relatedByTitle, similarByTitle } from '../search/similar.js';
import { findQuestion } from './queries.js';
import { questionIdOrThrow } from './service.js';

/** Title suggestions while asking (domain.md 11.4). */
export async function similarQuestions(runtime: Runtime, title: string) {
  if (title.trim().length < 2) return [];
  const permalink = (await loadSiteSettings(runtime)).seo.permalink;
  // Everyone's suggestions, so only questions everyone may see.
  const rows = await similarByTitle(runtime, title.trim(), PUBLIC_QUESTION_STATUSES);
  return rows.map((q) => ({
    id: presentId(String(q.id), permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    view_count: Number(q.view_count),
    answer_count: Number(q.answer_count),
    collection_count: Number(q.collection_count),
    follow_count: Number(q.follow_count),
    status: Number(q.status),
    accepted_answer: String(q.accepted_answer_id) !== '0',
  }));
}

const RELATED = 6;

/**
 * "Related questions": questions whose titles share words with this one, found by the search index
 * and ranked by it (fused with the nearest in meaning when semantic search is on); when fewer than
 * six turn up, the hot list of the question's first tag fills the rest. Only for a question the
 * caller may see: the title of a deleted one is not for everyone.
 */
export async function relatedQuestions(runtime: Runtime, user: SessionUser | null, rawId: string) {
  const id = questionIdOrThrow(rawId);
  const question = await findQuestion(runtime.database, id);
  if (!question || !canSeeQuestion(user, question, await loadThresholds(runtime))) throw notFound('error.question.not_found');
  const { seo, ai } = await loadSiteSettings(runtime);
  const permalink = seo.permalink;
  // With semantic search on, the list also holds the questions nearest in meaning (search/similar.ts).
  return cachedList(runtime, ['related', id, permalink, embeddingModelOf(ai)?.model ?? ''], async () => {
    const ranked = await relatedByTitle(runtime, question.title, id, RELATED);
    const byTitle = ranked.length ? (await listPage(runtime, { order: 'newest', ids: ranked }, 1, RELATED)).list : [];
    const rank = new Map(ranked.map((r, i) => [presentId(r, permalink), i]));
    byTitle.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    const list = [...byTitle];
    const [first] = await tagsOfQuestions(runtime.database, [id]);
    if (list.length < RELATED && first) {
      const hot = await questionPage(runtime, { order: 'hot', tag: first.slug_name, page: 1, page_size: RELATED + 1 + list.length });
      const taken = new Set([presentId(id, permalink), ...list.map((q) => q.id)]);
      list.push(...hot.list.filter((q) => !taken.has(q.id)).slice(0, RELATED - list.length));
    }
    return pageOf(list.length, list);
  });
}
