import { pageOf } from '../../core/pagination.js';
import type { Runtime } from '../../runtime.js';
import { listUserIds, presentListItem } from '../question/presenter.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';

/**
 * The caller's bookmarked questions, newest bookmark first, as question list items (domain.md 5.15).
 * Only questions everyone may see are listed (deleted and pending ones drop out); the bookmark
 * itself stays, so an undelete brings it back. Upstream lists its question-page items here, and
 * the 1.4 client's bookmarks tab reads their author (`user_info`) and `create_time`: both are added.
 */
export async function myBookmarks(runtime: Runtime, userId: string, page: { pageSize: number; offset: number }) {
  const db = runtime.database;
  const live = db
    .selectFrom('collection')
    .innerJoin('question', 'question.id', 'collection.object_id')
    .where('collection.user_id', '=', userId)
    .where('question.status', 'in', PUBLIC_QUESTION_STATUSES);
  const [total, rows, settings] = await Promise.all([
    live.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    live.selectAll('question').orderBy('collection.created_at', 'desc').orderBy('collection.id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    loadSiteSettings(runtime),
  ]);
  const ids = rows.map((q) => String(q.id));
  const [tags, users] = await Promise.all([tagsOfQuestions(db, ids), loadUserBasics(runtime, rows.flatMap((q) => listUserIds(q)))]);
  return pageOf(
    total.n,
    rows.map((q) => ({
      ...presentListItem(q, {
        order: 'newest',
        permalink: settings.seo.permalink,
        users,
        tags: tags.filter((tg) => String(tg.question_id) === String(q.id)).map((tg) => presentTagBrief(tg, settings.write.required_tag)),
      }),
      create_time: Number(q.created_at),
      user_info: users.get(String(q.user_id)) ?? null,
    })),
  );
}
