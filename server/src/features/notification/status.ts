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
  const badges = status.badges.map((badge) => ({ ...badge, name: t(lang, badge.name) }));
  return {
    inbox: status.inbox,
    achievement: status.achievement,
    revision: status.revision,
    can_revision: status.can_revision,
    badge_award: badges[0] ?? null,
    badge_awards: badges,
  };
}

async function loadStatus(runtime: Runtime, user: SessionUser): Promise<CachedStatus> {
  const db = runtime.database;
  const [state, badges, review] = await Promise.all([
    db.selectFrom('notification_state').select(['inbox', 'achievement']).where('user_id', '=', user.id).executeTakeFirst(),
    oldestBadgeAlerts(runtime, user.id),
    pendingReviews(runtime, user),
  ]);
  return {
    inbox: Math.max(0, Number(state?.inbox ?? 0)),
    achievement: Math.max(0, Number(state?.achievement ?? 0)),
    revision: review.total,
    can_revision: review.can,
    badges,
  };
}

/** Badge awards shown together at most: more wait for the next alert (the achievements list has them all). */
const ALERTED_AWARDS = 5;

/** The oldest unread badge-award notifications: the alert the client shows once, grouped. */
async function oldestBadgeAlerts(runtime: Runtime, userId: string): Promise<CachedStatus['badges']> {
  const db = runtime.database;
  const rows = await db
    .selectFrom('notification')
    .select(['id', 'content'])
    .where('user_id', '=', userId)
    .where('type', '=', NOTICE.achievement)
    .where('is_read', '=', READ_STATE.unread)
    .where('dedupe_key', 'like', `${BADGE_KEY_PREFIX}%`)
    .orderBy('id', 'asc')
    .limit(ALERTED_AWARDS)
    .execute();
  if (!rows.length) return [];
  const awards = rows.map((row) => ({ id: String(row.id), badgeId: (JSON.parse(row.content) as StoredContent).badge_id ?? '' })).filter((a) => a.badgeId);
  if (!awards.length) return [];
  const badges = await db.selectFrom('badge').select(['id', 'name', 'icon', 'level']).where('id', 'in', [...new Set(awards.map((a) => a.badgeId))]).execute();
  const byId = new Map(badges.map((b) => [String(b.id), b]));
  // Shown in the site's id style (permalink setting) as of loading; the entry lives 2 s.
  const permalink = (await loadSiteSettings(runtime)).seo.permalink;
  return awards.flatMap((a) => {
    const badge = byId.get(a.badgeId);
    return badge ? [{ notification_id: a.id, badge_id: presentId(a.badgeId, permalink), name: badge.name, icon: badge.icon, level: Number(badge.level) }] : [];
  });
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
