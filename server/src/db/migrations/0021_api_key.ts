import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * API keys (features/api-key): a member's personal keys and the administrators' site keys. Only
 * the SHA-256 digest of a key is kept (unique: a presented key is found by it); `prefix` is the
 * start of the key, shown in lists so people can tell their keys apart.
 */
export const apiKey: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('api_key', (t) =>
      b
        .autoId(t)
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('site', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(150)', (c) => c.notNull())
        .addColumn('scope', 'varchar(16)', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_used_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('revoked_at', 'bigint', (c) => c.notNull().defaultTo(0)),
    );
    await db.schema.createIndex('api_key_user_idx').on('api_key').columns(['user_id', 'revoked_at']).execute();
  },
};
