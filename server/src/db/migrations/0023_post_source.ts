import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * Where an imported post came from (features/import/post-source.ts): the original's address, its
 * author and licence, which CC BY-SA requires the page to show, and `base_score`, the part of the
 * post's score that the source counted but no vote row here backs (a Stack Exchange dump has scores
 * without voters). Vote counts are the vote rows plus that base, so recounts keep the imported score.
 */
export const postSource: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('post_source', (t) =>
      t
        .addColumn('object_id', 'bigint', (c) => c.primaryKey())
        .addColumn('url', 'varchar(1024)', (c) => c.notNull())
        .addColumn('author_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('author_url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('license', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('base_score', 'integer', (c) => c.notNull().defaultTo(0)),
    );
  },
};
