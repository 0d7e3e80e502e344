import type { Page, SearchOrder, SearchResult } from '@answer/contract';
import { can, type SessionUser } from '../../core/guardian.js';
import { presentId, toLongId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { cachedList } from '../question/list-cache.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { findUserByUsername } from '../user/queries.js';
import { highlighter } from './excerpt.js';
import { type ParsedQuery, parseQuery } from './parse.js';
import { plainText } from '../../core/markdown.js';
import { type Hit, KIND, type SearchFilter, searchHits } from './queries.js';

export interface SearchInput {
  q: string;
  order: SearchOrder;
  page: number;
  size: number;
}

const STATUS_NAMES: Record<number, string> = { 1: 'available', 2: 'closed', 10: 'deleted', 11: 'pending' };

/**
 * GET /search (domain.md 10). Results are the same for everyone who sees the same posts, so a page
 * is cached like the question lists, under the same generation that every post write renews:
 * an edit, a deletion or a new answer shows in the next search.
 */
export async function search(runtime: Runtime, user: SessionUser | null, input: SearchInput): Promise<Page<SearchResult>> {
  const parsed = parseQuery(input.q);
  if (parsed.scope === 'none') return pageOf(0, []);
  const seesUnlisted = can(user, 'question.show', await loadThresholds(runtime));
  const { seo, write } = await loadSiteSettings(runtime);
  // Who is asking matters only through what they may see and `user:me`.
  const viewer = seesUnlisted ? 'staff' : (user?.id ?? '');
  const key = ['search', parsed, input.order, input.page, input.size, viewer, seo.permalink, write.required_tag];
  // Names in the query are resolved inside the cached part too: a renamed tag or user starts a new
  // generation like any other write.
  return cachedList(runtime, key, async () => {
    const filter = await resolveFilter(runtime, parsed, user, seesUnlisted);
    if (!filter) return pageOf(0, []);
    const offset = (input.page - 1) * input.size;
    const { count, hits } = await searchHits(runtime, filter, input.order, offset, input.size);
    return pageOf(count, await presentHits(runtime, hits, parsed, seo.permalink, write.required_tag));
  });
}

/** Names in the query (user, tags, question) to ids; null when one names nothing, so nothing matches. */
async function resolveFilter(runtime: Runtime, p: ParsedQuery, user: SessionUser | null, seesUnlisted: boolean): Promise<SearchFilter | null> {
  const db = runtime.database;
  const filter: SearchFilter = { parsed: p, tagGroups: [], seesUnlisted, viewerId: user?.id };
  if (p.user !== undefined) {
    if (p.user.toLowerCase() === 'me') {
      if (!user) return null;
      filter.userId = user.id;
    } else {
      const found = await findUserByUsername(db, p.user);
      if (!found) return null;
      filter.userId = String(found.id);
    }
  }
  if (p.inQuestion !== undefined) {
    const id = toLongId(p.inQuestion);
    if (!id) return null;
    filter.inQuestion = id;
  }
  for (const slug of p.tags) {
    // The tag, its main tag and every synonym of that main tag (domain.md 10.3).
    const tag = await db.selectFrom('tag').select(['id', 'main_tag_id']).where('slug_name', '=', slug).where('status', '=', 1).executeTakeFirst();
    if (!tag) return null;
    const main = String(tag.main_tag_id) !== '0' ? String(tag.main_tag_id) : String(tag.id);
    const synonyms = await db.selectFrom('tag').select('id').where('main_tag_id', '=', main).where('status', '=', 1).execute();
    filter.tagGroups.push([...new Set([main, String(tag.id), ...synonyms.map((s) => String(s.id))])]);
  }
  return filter;
}

/** The page's posts, their questions, tags and authors, each loaded once for the whole page. */
async function presentHits(runtime: Runtime, hits: Hit[], parsed: ParsedQuery, permalink: number, requiredTag: boolean): Promise<SearchResult[]> {
  const db = runtime.database;
  const answerIds = hits.filter((h) => h.kind === KIND.answer).map((h) => h.object_id);
  const answers = answerIds.length ? await db.selectFrom('answer').selectAll().where('id', 'in', answerIds).execute() : [];
  const answerById = new Map(answers.map((a) => [String(a.id), a]));
  const questionIds = [...new Set([...hits.filter((h) => h.kind === KIND.question).map((h) => h.object_id), ...answers.map((a) => String(a.question_id))])];
  const questions = questionIds.length ? await db.selectFrom('question').selectAll().where('id', 'in', questionIds).execute() : [];
  const questionById = new Map(questions.map((q) => [String(q.id), q]));
  const [tagRows, users] = await Promise.all([
    tagsOfQuestions(db, questionIds),
    loadUserBasics(runtime, [...questions.map((q) => q.user_id), ...answers.map((a) => a.user_id)]),
  ]);
  const tagsByQuestion = new Map<string, ReturnType<typeof presentTagBrief>[]>();
  for (const t of tagRows) tagsByQuestion.set(t.question_id, [...(tagsByQuestion.get(t.question_id) ?? []), presentTagBrief(t, requiredTag)]);

  const excerpt = highlighter(parsed.surfaces);
  return hits.flatMap((hit): SearchResult[] => {
    const answer = hit.kind === KIND.answer ? answerById.get(hit.object_id) : undefined;
    const question = questionById.get(answer ? String(answer.question_id) : hit.object_id);
    if (!question || (hit.kind === KIND.answer && !answer)) return [];
    const post = answer ?? question;
    const author = users.get(String(post.user_id));
    return [
      {
        object_type: answer ? 'answer' : 'question',
        object: {
          id: presentId(String(post.id), permalink),
          question_id: presentId(String(question.id), permalink),
          title: question.title,
          url_title: urlTitle(question.title),
          excerpt: excerpt(plainText(post.parsed_text)),
          created_at: Number(post.created_at),
          vote_count: Number(post.vote_count),
          answer_count: Number(question.answer_count),
          accepted: answer ? Number(answer.adopted) === 2 : String(question.accepted_answer_id) !== '0',
          status: STATUS_NAMES[Number(post.status)] ?? 'available',
          tags: tagsByQuestion.get(String(question.id)) ?? [],
          user_info: {
            id: author?.id ?? String(post.user_id),
            username: author?.username ?? '',
            display_name: author?.display_name ?? '',
            rank: author?.rank ?? 0,
            status: author?.status ?? '',
          },
        },
      },
    ];
  });
}
