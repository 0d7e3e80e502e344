import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from './migrations/dialect.js';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Allocates a 17-digit object id: "1" + 3-digit type code + 13-digit sequence from the shared
 * uniqid table (domain.md 1.8). The sequence comes from the database, so several instances never
 * hand out the same id.
 */
export async function nextObjectId(db: Executor, typeCode: number): Promise<string> {
  const insert = db.insertInto('uniqid').values({ uniqid_type: typeCode });
  // MySQL has no RETURNING; its driver reports the insert id instead.
  const seq =
    dialectOf(db) === 'mysql'
      ? String((await insert.executeTakeFirstOrThrow()).insertId)
      : String((await insert.returning('id').executeTakeFirstOrThrow()).id);
  return `1${String(typeCode).padStart(3, '0')}${seq.padStart(13, '0')}`;
}
