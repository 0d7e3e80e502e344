import type { Page, SearchOrder, SearchResult } from '@answer/contract';
import { can, type SessionUser } from '../../core/guardian.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { enabledSearchPlugin } from '../plugin/search-plugin.js';
import { cachedList } from '../question/list-cache.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { embeddingModelOf } from '../ai/embeddings/setup.js';
import { resolveFilter } from './filter.js';
import { hybridHits, usesVectors } from './hybrid.js';
import { parseQuery } from './parse.js';
import { searchWithPlugin } from './plugin-search.js';
import { presentHits } from './presenter.js';
import { searchHits } from './queries.js';

export interface SearchInput {
  q: string;
  order: SearchOrder;
  page: number;
  size: number;
}

/**
 * GET /search (domain.md 10). Results are the same for everyone who sees the same posts, so a page
 * is cached like the question lists, under the same generation that every post write renews:
 * an edit, a deletion or a new answer shows in the next search.
 */
export async function search(runtime: Runtime, user: SessionUser | null, input: SearchInput): Promise<Page<SearchResult>> {
  const parsed = parseQuery(input.q);
  if (parsed.scope === 'none') return pageOf(0, []);
  // An enabled search plugin answers instead (plugin-search.ts); when it fails, the built-in search does.
  const plugin = await enabledSearchPlugin(runtime);
  const answered = plugin && (await searchWithPlugin(runtime, plugin, user, input, parsed));
  if (answered) return answered;
  const seesUnlisted = can(user, 'question.show', await loadThresholds(runtime));
  const { seo, write, ai } = await loadSiteSettings(runtime);
  // Who is asking matters only through what they may see and `user:me`.
  const viewer = seesUnlisted ? 'staff' : (user?.id ?? '');
  // With semantic search on, relevance fuses in the nearest posts by meaning (hybrid.ts).
  const semantic = usesVectors(input.q, parsed, input.order) ? (embeddingModelOf(ai)?.model ?? '') : '';
  const key = ['search', parsed, input.order, input.page, input.size, viewer, seo.permalink, write.required_tag, semantic];
  // Names in the query are resolved inside the cached part too: a renamed tag or user starts a new
  // generation like any other write.
  return cachedList(runtime, key, async () => {
    const filter = await resolveFilter(runtime, parsed, user, seesUnlisted);
    if (!filter) return pageOf(0, []);
    const offset = (input.page - 1) * input.size;
    const fused = semantic ? await hybridHits(runtime, filter, offset, input.size) : null;
    const { count, hits } = fused ?? (await searchHits(runtime, filter, input.order, offset, input.size));
    return pageOf(count, await presentHits(runtime, hits, parsed, seo.permalink, write.required_tag));
  });
}
