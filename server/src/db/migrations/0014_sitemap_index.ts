import type { Kysely, Migration } from 'kysely';

/**
 * Sitemaps and feeds read the visible questions in id order (features/seo): equality on show, then
 * id, with status filtered inside the index. The sitemap's page boundaries are an index-only scan
 * and each sitemap page or feed reads its rows in order and stops at its limit. The list indexes
 * put pin before the order column, and SQLite's (show, status) index does not carry the id (a
 * bigint key is not SQLite's rowid), so neither serves this.
 */
export const sitemapIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_question_show_id_status').on('question').columns(['show', 'id', 'status']).execute();
  },
};
