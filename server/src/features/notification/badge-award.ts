import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BADGE_KEY_PREFIX, upsertAchievement } from './store.js';

/**
 * The achievement notification of a badge award (domain.md 8.3) and its one-time alert, written in
 * the awarding transaction. The badge feature calls it once per new award row. The alert is the
 * unread row itself: `GET /notification/status` offers the oldest one until it is read.
 */
export async function addBadgeAwardNotification(
  trx: Kysely<Database>,
  award: { userId: string; awardId: string; badgeId: string },
): Promise<void> {
  await upsertAchievement(trx, {
    receiverId: award.userId,
    objectType: 'badge_award',
    objectId: award.awardId,
    questionId: '',
    badgeId: award.badgeId,
    action: 'earned_badge',
    dedupeKey: `${BADGE_KEY_PREFIX}${award.awardId}`,
    rank: async () => 0,
  });
}
