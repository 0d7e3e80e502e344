/**
 * True when a write failed on a unique key. The three drivers word it differently (SQLite
 * "UNIQUE constraint failed", PostgreSQL "duplicate key value", MySQL "Duplicate entry").
 */
export const isUniqueViolation = (err: unknown) => /unique|duplicate|constraint/i.test(String((err as Error)?.message ?? err));

/**
 * True when the database chose this transaction as a deadlock victim (MySQL/MariaDB do so when
 * concurrent inserts meet on a unique key; PostgreSQL reports 40P01). Safe to retry.
 */
export const isDeadlock = (err: unknown) => /deadlock/i.test(String((err as Error)?.message ?? err));
