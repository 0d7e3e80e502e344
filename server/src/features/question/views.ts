import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';

/** Who a view is counted for: the account (the request's, or the reader a page is rendered for), else a digest of the address and browser. */
export const viewerOf = (request: FastifyRequest, user = request.user) => (user ? `u:${user.id}` : visitorDigest(`${request.ip}|${request.headers['user-agent'] ?? ''}`));

/**
 * The digests of recent visitors, so that a visitor reading page after page is hashed once (a
 * SHA-256 per read was a tenth of a cached question read's own work). Bounded, oldest out first.
 */
const digests = new Map<string, string>();
const DIGEST_LIMIT = 10_000;

function visitorDigest(visitor: string): string {
  let digest = digests.get(visitor);
  if (digest === undefined) keepBounded(digests, visitor, (digest = `a:${createHash('sha256').update(visitor).digest('hex').slice(0, 40)}`), DIGEST_LIMIT);
  return digest;
}

/** Sets `key` as the newest entry of `map` (Maps keep insertion order) and drops the oldest past `limit`. */
function keepBounded<V>(map: Map<string, V>, key: string, value: V, limit: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}

/** A viewer counts once per question per period, however often they reload. */
const PERIOD_SECONDS = 6 * 3600;

/**
 * Views this process knows are counted, per database, by when: a reload within the period needs no
 * lookup. Another instance's views are still found in the table. Bounded, oldest out first.
 */
const known = new WeakMap<Db, Map<string, number>>();
const KNOWN_LIMIT = 50_000;

function remember(db: Db, key: string, viewedAt: number) {
  let views = known.get(db);
  if (!views) known.set(db, (views = new Map()));
  keepBounded(views, key, viewedAt, KNOWN_LIMIT);
}

export async function countView(db: Db, questionId: string, viewer: string): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  const key = `${questionId}|${viewer}`;
  const last = known.get(db)?.get(key);
  if (last !== undefined && last >= t - PERIOD_SECONDS) return;
  const seen = await db
    .selectFrom('question_view')
    .select('viewed_at')
    .where('question_id', '=', questionId)
    .where('viewer', '=', viewer)
    .executeTakeFirst();
  let counts = false;
  if (!seen) {
    // Two first requests at once: the primary key lets exactly one insert win.
    counts = await db
      .insertInto('question_view')
      .values({ question_id: questionId, viewer, viewed_at: t })
      .execute()
      .then(() => true, () => false);
  } else if (Number(seen.viewed_at) < t - PERIOD_SECONDS) {
    const r = await db
      .updateTable('question_view')
      .set({ viewed_at: t })
      .where('question_id', '=', questionId)
      .where('viewer', '=', viewer)
      .where('viewed_at', '=', seen.viewed_at)
      .executeTakeFirst();
    counts = Number(r.numUpdatedRows) === 1;
  }
  if (counts) remember(db, key, t);
  else if (seen && Number(seen.viewed_at) >= t - PERIOD_SECONDS) remember(db, key, Number(seen.viewed_at));
  if (counts) await db.updateTable('question').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', questionId).execute();
}
