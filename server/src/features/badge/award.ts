import type { Kysely } from 'kysely';
import { publish } from '../events/publish.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { nextObjectId } from '../../db/uniqid.js';
import { SINGLE_AWARD_KEY } from './award-key.js';
import { addBadgeAwardNotification } from '../notification/badge-award.js';

/** badge.status (domain.md 2.16). */
export const BADGE_STATUS = { active: 1, deleted: 10, inactive: 11 } as const;
/** badge.single: 1 once per user, 2 once per object. */
export const BADGE_SINGLE = 1;

export interface BadgeRow {
  id: string;
  badge_group_id: string;
  single: number;
  status: number;
  param: string;
}

const now = () => Math.floor(Date.now() / 1000);

/** The badges a rule handler evaluates (domain.md 9.1: rows are matched by `handler`). */
export async function badgesByHandler(db: Kysely<Database>, handler: string): Promise<BadgeRow[]> {
  const rows = await db.selectFrom('badge').select(['id', 'badge_group_id', 'single', 'status', 'param']).where('handler', '=', handler).execute();
  return rows.map((r) => ({ id: String(r.id), badge_group_id: String(r.badge_group_id), single: Number(r.single), status: Number(r.status), param: r.param }));
}

/** The `amount` of a threshold badge's param JSON (`{"amount":"10"}`); null when absent or unreadable. */
export function amountOf(badge: BadgeRow): number | null {
  try {
    const n = Number(JSON.parse(badge.param || '{}')?.amount);
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Awards a badge unless the user already has it (once per user, or once per object for multiple
 * badges). The unique key (user_id, badge_id, award_key) decides races: the insert is an
 * insert-or-ignore, and award_count and the notification follow only when this call inserted.
 * Inactive badges award nothing; nothing here ever revokes. Returns the new award id, or null.
 */
export async function awardBadge(trx: Kysely<Database>, badge: BadgeRow, userId: string, objectKey: string): Promise<string | null> {
  if (badge.status !== BADGE_STATUS.active || !userId || userId === '0') return null;
  const awardKey = badge.single === BADGE_SINGLE ? SINGLE_AWARD_KEY : objectKey;
  if (!awardKey) return null;
  // Most events come from people who have the badge already: answer them without taking an id.
  const had = await trx
    .selectFrom('badge_award')
    .select('id')
    .where('user_id', '=', userId)
    .where('badge_id', '=', badge.id)
    .where('award_key', '=', awardKey)
    .executeTakeFirst();
  if (had) return null;
  const id = await nextObjectId(trx, OBJECT_TYPE.badge_award);
  const t = now();
  const values = { id, created_at: t, updated_at: t, user_id: userId, badge_id: badge.id, award_key: awardKey, badge_group_id: badge.badge_group_id, is_badge_deleted: 0 };
  const insert = dialectOf(trx) === 'mysql'
    ? trx.insertInto('badge_award').orIgnore().values(values)
    : trx.insertInto('badge_award').values(values).onConflict((oc) => oc.columns(['user_id', 'badge_id', 'award_key']).doNothing());
  const result = await insert.executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
  // Counted only while the badge is active. This takes the badge row's lock, which deactivation
  // takes first too: an award that loses that race hides itself as the deactivation hid the rest.
  const counted = await trx
    .updateTable('badge')
    .set((eb) => ({ award_count: eb('award_count', '+', 1) }))
    .where('id', '=', badge.id)
    .where('status', '=', BADGE_STATUS.active)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) {
    await trx.updateTable('badge_award').set({ is_badge_deleted: 1 }).where('id', '=', id).execute();
    return null;
  }
  await addBadgeAwardNotification(trx, { userId, awardId: id, badgeId: badge.id });
  await publish(trx, { kind: 'badge.award', actorId: userId, userId, badgeId: String(badge.id), awardId: id });
  return id;
}

/** Evaluates every badge of a handler for one receiver; `passes` filters by the badge's param. */
export async function awardByHandler(
  trx: Kysely<Database>,
  handler: string,
  userId: string,
  objectKey: string,
  passes: (badge: BadgeRow) => boolean = () => true,
): Promise<number> {
  let awarded = 0;
  for (const badge of await badgesByHandler(trx, handler)) {
    if (passes(badge) && (await awardBadge(trx, badge, userId, objectKey))) awarded++;
  }
  return awarded;
}
