import type { Kysely, Migration } from 'kysely';

/**
 * The tag list's "newest" order (domain.md 7.6) reads tags by creation time; with this index it
 * stops after one page, as "popular" (status, question_count) and "name" (the unique slug) do.
 */
export const tagListIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_tag_status_created_at').on('tag').columns(['status', 'created_at']).execute();
  },
};
