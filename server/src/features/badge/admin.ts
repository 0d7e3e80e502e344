import type { z } from 'zod';
import type { AdminBadgeItem, BadgeLevel, adminBadgesQuery, badgeStatusSchema } from '@answer/contract';
import { OBJECT_TYPE, objectTypeOf, presentId, toLongId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import type { Runtime } from '../../runtime.js';
import { BADGE_STATUS } from './award.js';
import { badgeNotFound, badgeTexts } from './service.js';
import { changedQuestionLists } from '../question/list-cache.js';

const STATUS_BY_NAME = { active: BADGE_STATUS.active, inactive: BADGE_STATUS.inactive } as const;
const nameOf = (status: number) => (status === BADGE_STATUS.active ? 'active' : 'inactive');

/**
 * GET /answer/admin/api/badges: every badge that is not deleted, paged. `q` matches the badge's
 * name in the admin's language (there are a handful of badges, so the match runs here), or
 * `badge:<id>` picks one badge by long or short id. `status` filters in both cases.
 */
export async function adminBadges(runtime: Runtime, query: z.infer<typeof adminBadgesQuery>, lang: string) {
  const db = runtime.database;
  const texts = await badgeTexts(runtime, lang);
  let rows = db.selectFrom('badge').selectAll().where('status', '!=', BADGE_STATUS.deleted);
  if (query.status) rows = rows.where('status', '=', STATUS_BY_NAME[query.status]);
  const q = query.q.trim();
  if (q.toLowerCase().startsWith('badge:')) {
    const id = toLongId(q.slice('badge:'.length).trim());
    if (!id || objectTypeOf(id) !== OBJECT_TYPE.badge) return pageOf(0, []);
    rows = rows.where('id', '=', id);
  }
  const [badges, groups] = await Promise.all([
    rows.orderBy('badge_group_id').orderBy('id').execute(),
    db.selectFrom('badge_group').select(['id', 'name']).execute(),
  ]);
  const groupName = new Map(groups.map((g) => [String(g.id), texts.name(g.name)]));
  const wanted = q && !q.toLowerCase().startsWith('badge:') ? q.toLowerCase() : '';
  const matching = wanted ? badges.filter((b) => texts.name(b.name).toLowerCase().includes(wanted)) : badges;
  const start = (query.page - 1) * query.page_size;
  const list = matching.slice(start, start + query.page_size).map(
    (b): AdminBadgeItem => ({
      id: presentId(String(b.id), texts.permalink),
      name: texts.name(b.name),
      description: texts.description(b.description),
      icon: b.icon,
      award_count: Number(b.award_count),
      level: Number(b.level) as BadgeLevel,
      group_name: groupName.get(String(b.badge_group_id)) ?? '',
      status: nameOf(Number(b.status)),
    }),
  );
  return pageOf(matching.length, list);
}

/**
 * PUT /answer/admin/api/badge/status. Deactivating hides every award of the badge
 * (is_badge_deleted = 1: gone from profiles and counts, award_count 0); reactivating shows them
 * again and recounts award_count from the rows. The badge row is updated first, so a concurrent
 * award waits for this change (award.ts) and the recount never misses or double-counts it.
 */
export async function setBadgeStatus(runtime: Runtime, input: z.infer<typeof badgeStatusSchema>): Promise<void> {
  const id = toLongId(input.id);
  if (!id || objectTypeOf(id) !== OBJECT_TYPE.badge) throw badgeNotFound();
  const status = STATUS_BY_NAME[input.status];
  await runtime.database.transaction().execute(async (trx) => {
    const badge = await trx.selectFrom('badge').select('status').where('id', '=', id).executeTakeFirst();
    if (!badge || Number(badge.status) === BADGE_STATUS.deleted) throw badgeNotFound();
    const t = Math.floor(Date.now() / 1000);
    const changed = await trx
      .updateTable('badge')
      .set({ status, updated_at: t })
      .where('id', '=', id)
      .where('status', '!=', status)
      .where('status', '!=', BADGE_STATUS.deleted)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return; // already so: nothing to do
    const hidden = status === BADGE_STATUS.active ? 0 : 1;
    await trx.updateTable('badge_award').set({ is_badge_deleted: hidden, updated_at: t }).where('badge_id', '=', id).execute();
    await trx
      .updateTable('badge')
      .set((eb) => ({
        award_count: eb
          .selectFrom('badge_award')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .where('badge_award.badge_id', '=', id)
          .where('badge_award.is_badge_deleted', '=', 0),
      }))
      .where('id', '=', id)
      .execute();
  });
  // The badge pages and profiles kept for visitors show it, or no longer.
  await changedQuestionLists(runtime);
}
