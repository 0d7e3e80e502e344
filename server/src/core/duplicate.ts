import { createHash } from 'node:crypto';
import { AppError } from './errors.js';
import type { Cache } from './cache.js';

const WINDOW_SECONDS = 5 * 60;

/**
 * Rejects the same create request sent twice within 5 minutes (domain.md 5.1): a double click or a
 * retried submit must not make two posts. The marker is removed when the first attempt fails.
 */
export async function guardDuplicate<T>(cache: Cache, userId: string, route: string, body: unknown, work: () => Promise<T>): Promise<T> {
  const key = `answer:rate-limit:${createHash('sha256').update(`${userId}:${route}:${JSON.stringify(body)}`).digest('hex')}`;
  // One atomic set-if-absent: of a burst of identical requests exactly one goes through.
  if (!(await cache.add(key, 1, WINDOW_SECONDS))) throw new AppError(400, 'base.duplicate_request_error');
  try {
    return await work();
  } catch (err) {
    await cache.delete(key);
    throw err;
  }
}
