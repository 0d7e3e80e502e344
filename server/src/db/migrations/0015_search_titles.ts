import { type Kysely, type Migration, sql } from 'kysely';
import { createTitleStructures, writeSqliteTitles } from '../../features/search/dialect-sql.js';
import { terms } from '../../features/search/terms.js';
import { dialectOf } from './dialect.js';

/**
 * The titles' own search index (features/search/dialect-sql.ts), so searching titles costs what the
 * titles hold rather than what every post holds. PostgreSQL fills it from the index it has; SQLite
 * reads the questions' titles by id pages, so a big site's memory stays flat. And a tag's questions
 * in id order, so a search by tag reads the tag's newest questions and stops (search/queries.ts).
 */
const PAGE = 2000;

export const searchTitles: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_tag_rel_tag_id_status_object_id').on('tag_rel').columns(['tag_id', 'status', 'object_id']).execute();
    await createTitleStructures(db);
    if (dialectOf(db) !== 'sqlite3') return;
    for (let after = '0'; ; ) {
      const { rows } = await sql<{ id: string | number; title: string }>`SELECT id, title FROM question WHERE id > ${after} ORDER BY id LIMIT ${PAGE}`.execute(db);
      if (!rows.length) break;
      await writeSqliteTitles(db, rows.map((r) => ({ id: String(r.id), title: terms(r.title) })));
      after = String(rows.at(-1)!.id);
    }
  },
};
