import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Revision status (domain.md 2.7). */
export const REVISION = { normal: 0, unreviewed: 1, approved: 2, rejected: 3 } as const;

/**
 * Every applied edit (and the first version) is a revision holding a JSON snapshot of the object,
 * so the history can be shown and diffed. We record the real editor (upstream records the author:
 * a quirk not copied).
 */
export async function addRevision(
  trx: Kysely<Database> | Transaction<Database>,
  rev: { userId: string; objectType: number; objectId: string; title: string; snapshot: unknown; log?: string; status?: number },
): Promise<string> {
  const t = Math.floor(Date.now() / 1000);
  await trx
    .insertInto('revision')
    .values({
      created_at: t,
      updated_at: t,
      user_id: rev.userId,
      object_type: rev.objectType,
      object_id: rev.objectId,
      title: rev.title.slice(0, 255),
      content: JSON.stringify(rev.snapshot),
      log: (rev.log ?? '').slice(0, 255),
      status: rev.status ?? REVISION.normal,
    })
    .execute();
  const row = await trx
    .selectFrom('revision')
    .select('id')
    .where('object_id', '=', rev.objectId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function hasPendingRevision(db: Kysely<Database>, objectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revision')
    .select('id')
    .where('object_id', '=', objectId)
    .where('status', '=', REVISION.unreviewed)
    .executeTakeFirst();
  return !!row;
}

export async function revisionsOf(db: Kysely<Database>, objectId: string) {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', 'in', [REVISION.normal, REVISION.approved])
    .orderBy('id', 'desc')
    .execute();
}
