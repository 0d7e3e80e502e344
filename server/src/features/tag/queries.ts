import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Tags of many questions: the relations by question id, then the tags by id, two indexed lookups
 * (a join lets the planner walk the tag side and scan every relation of popular tags instead).
 */
export async function tagsOfQuestions(db: Executor, questionIds: string[]) {
  if (!questionIds.length) return [];
  const rels = await db
    .selectFrom('tag_rel')
    .select(['object_id', 'tag_id'])
    .where('object_id', 'in', questionIds)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  if (!rels.length) return [];
  const tags = await db
    .selectFrom('tag')
    .selectAll()
    .where('id', 'in', [...new Set(rels.map((r) => String(r.tag_id)))])
    .where('status', '=', 1)
    .execute();
  const byId = new Map(tags.map((t) => [String(t.id), t]));
  return rels.flatMap((r) => {
    const tag = byId.get(String(r.tag_id));
    return tag ? [{ ...tag, question_id: String(r.object_id) }] : [];
  });
}

export async function tagsBySlugs(db: Executor, slugs: string[]) {
  if (!slugs.length) return [];
  return db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).execute();
}
