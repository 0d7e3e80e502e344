import type { NotificationStatus } from '@answer/contract';
import { envelopeOf } from '../../core/envelope.js';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { presentId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { reviewingTypes } from '../revision/queues.js';
import { auditableTypes } from '../revision/suggestions.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { type CachedStatus, cachedStatus, rememberStatus } from './status-cache.js';
import { BADGE_KEY_PREFIX, NOTICE, READ_STATE, type StoredContent } from './store.js';

/**
 * `GET /notification/status` (domain.md 8.4): red dots, pending reviews and the badge alert. Served
 * from the per-user entry of status-cache.ts; on a miss, three small indexed reads.
 */
export async function notificationStatus(runtime: Runtime, user: SessionUser, lang: string): Promise<NotificationStatus> {
  const hit = cachedStatus(runtime, user.id);
  if (hit) return present(hit, lang);
  const status = await loadStatus(runtime, user);
  rememberStatus(runtime, user.id, status);
  return present(status, lang);
}

/**
 * Serialised replies per cache entry and language: a poll that hits the cache sends ready bytes, as a
 * Buffer, whose ETag core/etag.ts computes once and keeps with it.
 */
const replies = new WeakMap<CachedStatus, { lang: string; body: Buffer }>();

/**
 * The poll's whole reply (envelope included) from this process's cache, without waiting; undefined
 * on a miss. The entry lives 2 s, so the body is built once and sent many times.
 */
export function cachedStatusReply(runtime: Runtime, user: SessionUser, lang: string): Buffer | undefined {
  const status = cachedStatus(runtime, user.id);
  if (!status) return undefined;
  const ready = replies.get(status);
  if (ready?.lang === lang) return ready.body;
  const body = Buffer.from(JSON.stringify(envelopeOf(lang, present(status, lang))));
  replies.set(status, { lang, body });
  return body;
}

function present(status: CachedStatus, lang: string): NotificationStatus {
  const { badge } = status;
  return {
    inbox: status.inbox,
    achievement: status.achievement,
    revision: status.revision,
    can_revision: status.can_revision,
    badge_award: badge ? { ...badge, name: t(lang, badge.name) } : null,
  };
}

async function loadStatus(runtime: Runtime, user: SessionUser): Promise<CachedStatus> {
  const db = runtime.database;
  const [state, badge, review] = await Promise.all([
    db.selectFrom('notification_state').select(['inbox', 'achievement']).where('user_id', '=', user.id).executeTakeFirst(),
    oldestBadgeAlert(runtime, user.id),
    pendingReviews(runtime, user),
  ]);
  return {
    inbox: Math.max(0, Number(state?.inbox ?? 0)),
    achievement: Math.max(0, Number(state?.achievement ?? 0)),
    revision: review.total,
    can_revision: review.can,
    badge,
  };
}

/** The oldest unread badge-award notification: the alert the client shows once. */
async function oldestBadgeAlert(runtime: Runtime, userId: string): Promise<CachedStatus['badge']> {
  const db = runtime.database;
  const row = await db
    .selectFrom('notification')
    .select(['id', 'content'])
    .where('user_id', '=', userId)
    .where('type', '=', NOTICE.achievement)
    .where('is_read', '=', READ_STATE.unread)
    .where('dedupe_key', 'like', `${BADGE_KEY_PREFIX}%`)
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const badgeId = (JSON.parse(row.content) as StoredContent).badge_id;
  const badge = badgeId ? await db.selectFrom('badge').select(['name', 'icon', 'level']).where('id', '=', badgeId).executeTakeFirst() : undefined;
  if (!badge) return null;
  // Shown in the site's id style (permalink setting) as of loading; the entry lives 2 s.
  const badgeShown = presentId(badgeId, (await loadSiteSettings(runtime)).seo.permalink);
  return { notification_id: String(row.id), badge_id: badgeShown, name: badge.name, icon: badge.icon, level: Number(badge.level) };
}

/**
 * What the user may review and how much waits (the `revision` red dot): the review queues of
 * revision/queues.ts (suggested edits the user may audit; queued posts and flags for staff), so a
 * queue added there is counted here too.
 */
export async function pendingReviews(runtime: Runtime, user: SessionUser): Promise<{ can: boolean; total: number }> {
  const can = isStaff(user) || auditableTypes(user, await loadThresholds(runtime)).length > 0;
  if (!can) return { can: false, total: 0 };
  const queues = await reviewingTypes(runtime, user, 'en_US');
  return { can: true, total: queues.reduce((sum, q) => sum + q.todo_amount, 0) };
}
