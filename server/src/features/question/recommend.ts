import type { z } from 'zod';
import type { questionPageQuery } from '@answer/contract';
import type { SessionUser } from '../../core/guardian.js';
import { pageOf } from '../../core/pagination.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { listPage, withSynonyms } from './list.js';

/**
 * `GET /question/recommend/page` (domain.md 11.2): the questions the reader follows, and other
 * people's questions in the tags the reader follows (a main tag includes its synonyms) that the
 * reader has not answered; listed ones only. The same items and orders as `/question/page`; the
 * optional `tag` narrows the feed to one tag. Not cached: it differs per reader.
 */
export async function recommendPage(runtime: Runtime, user: SessionUser, query: z.infer<typeof questionPageQuery>) {
  const db = runtime.database;
  const followed = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', user.id)
    .where('activity_type', '=', ACT.tagFollow)
    .where('cancelled', '=', 0)
    .execute();
  const tagIds = await withSynonyms(runtime, followed.map((r) => String(r.object_id)));
  let narrowed: string[] | undefined;
  if (query.tag) {
    const tag = await db.selectFrom('tag').select('id').where('slug_name', '=', query.tag).where('status', '=', 1).executeTakeFirst();
    if (!tag) return pageOf(0, []);
    narrowed = await withSynonyms(runtime, [String(tag.id)]);
  }
  const filter = { order: query.order, tagIds: narrowed, inDays: query.in_days, feed: { userId: user.id, tagIds } };
  return listPage(runtime, filter, query.page, query.page_size);
}
