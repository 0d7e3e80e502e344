/**
 * True when a write failed on a unique key. The three drivers word it differently (SQLite
 * "UNIQUE constraint failed", PostgreSQL "duplicate key value", MySQL "Duplicate entry").
 */
export const isUniqueViolation = (err: unknown) => /unique|duplicate|constraint/i.test(String((err as Error)?.message ?? err));
