import type { Page, SearchResult } from '@answer/contract';
import type { SearchQuery } from '@answer/plugin-sdk';
import { can, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import { askSearchPlugin, type PluginHit, type SearchPlugin } from '../plugin/search-plugin.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { canListQuestion, PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { resolveFilter } from './filter.js';
import type { ParsedQuery } from './parse.js';
import { type KeepHit, presentHits } from './presenter.js';
import { type Hit, KIND, type SearchFilter } from './queries.js';
import type { SearchInput } from './service.js';

/**
 * GET /search answered by the enabled search plugin (domain.md 10.5): the query the built-in search
 * reads, handed over as the SDK's SearchQuery; the plugin's ids, in its order, presented as the
 * built-in search presents its own. Null when the built-in search must answer instead: the plugin
 * failed, or the query has an operator the SearchQuery cannot carry (`views:`, `inquestion:`),
 * which would otherwise be ignored and widen the results.
 *
 * Nothing here is cached: the plugin's index changes on its own schedule (the outbox feeds it), and
 * a page from the fallback must never be kept as the plugin's.
 */
export async function searchWithPlugin(runtime: Runtime, plugin: SearchPlugin, user: SessionUser | null, input: SearchInput, parsed: ParsedQuery): Promise<Page<SearchResult> | null> {
  if (parsed.minViews !== undefined || parsed.inQuestion !== undefined) return null;
  const thresholds = await loadThresholds(runtime);
  const filter = await resolveFilter(runtime, parsed, user, can(user, 'question.show', thresholds));
  // A user or tag that does not exist matches nothing, as in the built-in search.
  if (!filter) return pageOf(0, []);
  const query: SearchQuery = { ...(await conditionsOf(runtime, parsed, filter)), order: input.order, page: input.page, pageSize: input.size };
  const answer = await askSearchPlugin(runtime, plugin, query);
  if (!answer) return null;
  const { seo, write } = await loadSiteSettings(runtime);
  const list = await presentHits(runtime, hitsOf(answer.hits).slice(0, input.size), parsed, seo.permalink, write.required_tag, searchable(user, thresholds));
  // The plugin's total counts what it found, before posts the reader may not see were dropped; it
  // is kept (pages further on may hold visible posts), but never below what this page shows.
  return pageOf(Math.max(answer.total, (input.page - 1) * input.size + list.length), list);
}

/**
 * The query's conditions in the SDK's terms. Tags are main tags' slugs (a synonym stands for its
 * main tag, and indexed posts list both, search-content.ts); the author is a user id.
 * `answers:0` and `score:0` mean "none", as the operators define them (domain.md 10.3).
 */
async function conditionsOf(runtime: Runtime, p: ParsedQuery, filter: SearchFilter): Promise<Omit<SearchQuery, 'order' | 'page' | 'pageSize'>> {
  const mains = filter.tagGroups.map((group) => group[0]!);
  const slugs = mains.length ? await runtime.database.selectFrom('tag').select(['id', 'slug_name']).where('id', 'in', mains).execute() : [];
  const slugOf = new Map(slugs.map((t) => [String(t.id), t.slug_name]));
  return {
    words: p.surfaces.map((s) => s.toLowerCase()),
    tags: mains.map((id) => slugOf.get(id) ?? ''),
    type: p.scope === 'none' ? 'all' : p.scope,
    ...(filter.userId !== undefined && { userId: filter.userId }),
    ...((p.acceptedAnswers || p.hasAccepted === true) && { accepted: true }),
    ...(p.hasAccepted === false && { notAccepted: true }),
    ...(p.minAnswers !== undefined && { minAnswers: p.minAnswers }),
    ...(p.minScore !== undefined && { minScore: p.minScore }),
  };
}

/**
 * The plugin's results as hits: ids in either form the API accepts, each once, its kind read from
 * the id itself (a result claiming another kind is not believed).
 */
function hitsOf(results: PluginHit[]): Hit[] {
  const seen = new Set<string>();
  return results.flatMap((r) => {
    const id = toLongId(r.objectId);
    const type = id ? objectTypeOf(id) : null;
    if (!id || seen.has(id) || (type !== OBJECT_TYPE.question && type !== OBJECT_TYPE.answer)) return [];
    seen.add(id);
    return [{ object_id: id, kind: type === OBJECT_TYPE.question ? KIND.question : KIND.answer }];
  });
}

/**
 * What search shows a reader, the rule queries.ts applies in SQL, here on loaded rows: available
 * and closed questions they may list (visibility/rules.ts), and available answers of those. The
 * plugin's index may lag behind a deletion, or hold an unlisted question; those are dropped here.
 */
function searchable(user: SessionUser | null, thresholds: Thresholds): KeepHit {
  return (question, answer) =>
    PUBLIC_QUESTION_STATUSES.includes(Number(question.status)) &&
    canListQuestion(user, question, thresholds) &&
    (!answer || Number(answer.status) === A.available);
}
