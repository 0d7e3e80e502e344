import type { z } from 'zod';
import type { questionPageQuery } from '@answer/contract';
import { pageOf } from '../../core/pagination.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { findUserByUsername } from '../user/queries.js';
import { type LastAnswer, listUserIds, presentListItem } from './presenter.js';
import { cachedPage } from './list-cache.js';
import { countQuestions, type ListFilter, pageQuestions } from './queries.js';

type PageQuery = z.infer<typeof questionPageQuery>;

/**
 * GET /question/page: one indexed query for the page and one for the count, then tags, last
 * answers and users batch-loaded for the whole page (no per-row queries).
 */
export async function questionPage(runtime: Runtime, query: PageQuery) {
  return (await questionPageReply(runtime, query)).data;
}

/** The cached page as a reply: GET /question/page sends its stored bodies. */
export async function questionPageReply(runtime: Runtime, query: PageQuery) {
  // Settings that shape the items (id form, recommended flags) are part of the key.
  const { seo, write } = await loadSiteSettings(runtime);
  return cachedPage(runtime, [query, seo.permalink, write.required_tag], () => loadQuestionPage(runtime, query));
}

async function loadQuestionPage(runtime: Runtime, query: PageQuery) {
  const db = runtime.database;
  // Defaults and limits are the contract's pageNumber/pageSize.
  const { page, page_size: pageSize } = query;

  let tagIds: string[] | undefined;
  if (query.tag) {
    const tag = await db.selectFrom('tag').select(['id', 'main_tag_id']).where('slug_name', '=', query.tag).where('status', '=', 1).executeTakeFirst();
    if (!tag) return pageOf(0, []);
    tagIds = await withSynonyms(runtime, [String(tag.id)]);
  }
  let userId: string | undefined;
  if (query.username) {
    const user = await findUserByUsername(db, query.username);
    if (!user) return pageOf(0, []);
    userId = String(user.id);
  }

  return listPage(runtime, { order: query.order, tagIds, userId, inDays: query.in_days }, page, pageSize);
}

/** Main tags stand for their synonyms (domain.md 7.4): the ids whose questions list under `tagIds`. */
export async function withSynonyms(runtime: Runtime, tagIds: string[]): Promise<string[]> {
  if (!tagIds.length) return [];
  const synonyms = await runtime.database.selectFrom('tag').select('id').where('main_tag_id', 'in', tagIds).where('status', '=', 1).execute();
  return [...new Set([...tagIds, ...synonyms.map((s) => String(s.id))])];
}

/** One page of a filtered question list with its count, tags and users batch-loaded. */
export async function listPage(runtime: Runtime, filter: Omit<ListFilter, 'offset' | 'limit'>, page: number, pageSize: number) {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  const [rows, count] = await Promise.all([
    pageQuestions(db, { ...filter, offset: (page - 1) * pageSize, limit: pageSize }),
    countQuestions(db, filter),
  ]);
  const ids = rows.map((r) => String(r.id));
  const lastAnswerIds = rows.map((r) => String(r.last_answer_id)).filter((id) => id !== '0');
  const [tagRows, lastAnswers] = await Promise.all([
    tagsOfQuestions(db, ids),
    lastAnswerIds.length
      ? db.selectFrom('answer').select(['id', 'user_id', 'created_at']).where('id', 'in', lastAnswerIds).execute()
      : Promise.resolve([]),
  ]);
  const lastById = new Map<string, LastAnswer>(lastAnswers.map((a) => [String(a.id), { user_id: String(a.user_id), created_at: Number(a.created_at) }]));
  const users = await loadUserBasics(runtime, rows.flatMap((r) => listUserIds(r, lastById.get(String(r.last_answer_id)))));
  const requiredTag = settings.write.required_tag;
  const tagsByQuestion = new Map<string, ReturnType<typeof presentTagBrief>[]>();
  for (const t of tagRows) {
    const list = tagsByQuestion.get(String(t.question_id)) ?? [];
    list.push(presentTagBrief(t, requiredTag));
    tagsByQuestion.set(String(t.question_id), list);
  }
  return pageOf(
    count,
    rows.map((q) =>
      presentListItem(q, {
        order: filter.order,
        permalink: settings.seo.permalink,
        tags: tagsByQuestion.get(String(q.id)) ?? [],
        users,
        lastAnswer: lastById.get(String(q.last_answer_id)),
      }),
    ),
  );
}
