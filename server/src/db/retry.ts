import { isDeadlock, isUniqueViolation } from './errors.js';

/**
 * Runs a transaction again when it lost a race the database resolved by failing it: two people
 * creating the same tag at once (the loser's insert hits the unique key; on the next run the tag
 * exists), or a deadlock the database broke. The failed run was rolled back, so running it again is
 * safe; after `attempts` runs the last error is thrown.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !(isUniqueViolation(err) || isDeadlock(err))) throw err;
    }
  }
}
