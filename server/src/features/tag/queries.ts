import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Tags of many questions in one query (available relations, available tags). */
export async function tagsOfQuestions(db: Executor, questionIds: string[]) {
  if (!questionIds.length) return [];
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .selectAll('tag')
    .select('tag_rel.object_id as question_id')
    .where('tag_rel.object_id', 'in', questionIds)
    .where('tag_rel.status', '=', 1)
    .where('tag.status', '=', 1)
    .orderBy('tag_rel.id')
    .execute();
}

export async function tagsBySlugs(db: Executor, slugs: string[]) {
  if (!slugs.length) return [];
  return db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).execute();
}

/** Tag selector suggestions: available tags whose slug or display name starts with the text. */
export async function searchTags(db: Executor, text: string, limit = 10) {
  const like = `${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
  return db
    .selectFrom('tag')
    .selectAll()
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('slug_name', 'like', like), eb('display_name', 'like', like)]))
    .orderBy('question_count', 'desc')
    .limit(limit)
    .execute();
}
