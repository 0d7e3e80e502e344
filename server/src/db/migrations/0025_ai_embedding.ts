import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * Embeddings of posts for semantic search (features/ai/embeddings): one row per question or answer,
 * the model that made it, its length, the vector as base64 of Int8 values (cosine ignores the
 * scale, and a quarter of Float32's size), and a hash of the text it was made from, so a post whose
 * text did not change is not sent to the provider again. Plain text on every database: pgvector is
 * not assumed, the search is in-process (docs/ai.md), and dumps carry text columns as they are.
 * `updated_at` is indexed: other instances read what changed since their last look.
 */
export const aiEmbedding: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('ai_embedding', (t) =>
      b.text(
        b.time(
          t
            .addColumn('object_id', 'bigint', (c) => c.primaryKey())
            .addColumn('model', 'varchar(200)', (c) => c.notNull())
            .addColumn('dims', 'integer', (c) => c.notNull())
            .addColumn('content_hash', 'varchar(64)', (c) => c.notNull()),
          'updated_at',
        ),
        'vector',
      ),
    );
    await db.schema.createIndex('ai_embedding_updated_idx').on('ai_embedding').column('updated_at').execute();
  },
};
