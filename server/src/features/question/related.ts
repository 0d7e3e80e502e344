import { presentId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { urlTitle } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { questionPage } from './list.js';
import { similarByTitle } from './queries.js';
import { questionIdOrThrow } from './service.js';

/** Title suggestions while asking (domain.md 11.4). */
export async function similarQuestions(runtime: Runtime, title: string) {
  if (title.trim().length < 2) return [];
  const permalink = (await loadSiteSettings(runtime)).seo.permalink;
  const rows = await similarByTitle(runtime.database, title.trim());
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

/** "Related questions": the hot list of the question's first tag, without the question itself. */
export async function relatedQuestions(runtime: Runtime, rawId: string) {
  const id = questionIdOrThrow(rawId);
  const [first] = await tagsOfQuestions(runtime.database, [id]);
  if (!first) return pageOf(0, []);
  const page = await questionPage(runtime, { order: 'hot', tag: first.slug_name, page: 1, page_size: 7 });
  const permalink = (await loadSiteSettings(runtime)).seo.permalink;
  const list = page.list.filter((q) => q.id !== presentId(id, permalink)).slice(0, 6);
  return pageOf(list.length, list);
}
