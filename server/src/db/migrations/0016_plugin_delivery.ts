import type { Kysely, Migration } from 'kysely';

/**
 * The deliveries plugins asked for (features/plugin/context.ts `deliver`), one row per key: the
 * primary key lets exactly one request of a key queue its outbox row, so a plugin hook that runs
 * again (a retry, a restart, a second instance) never sends the same message twice.
 */
export const pluginDelivery: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('plugin_delivery')
      .addColumn('delivery_key', 'varchar(191)', (c) => c.primaryKey())
      .addColumn('plugin_slug_name', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
