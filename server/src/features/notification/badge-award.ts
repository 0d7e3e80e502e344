import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The achievement notification of a badge award (domain.md 8.3) and its one-time alert, written in
 * the awarding transaction. The badge feature calls it once per new award row.
 */
export async function addBadgeAwardNotification(
  _trx: Kysely<Database>,
  _award: { userId: string; awardId: string; badgeId: string },
): Promise<void> {
  // Filled in by the notification feature.
}
