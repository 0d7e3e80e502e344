import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * Webhooks (features/webhook): the endpoints an administrator registers, and one row per event
 * delivered to one of them (unique per endpoint and event id, so a retried or redelivered event
 * keeps its id and is never queued twice by accident). `events` and `tags` are JSON lists.
 */
export const webhook: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('webhook', (t) =>
      b
        .autoId(t)
        .addColumn('description', 'varchar(150)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('secret', 'varchar(100)', (c) => c.notNull())
        .addColumn('events', 'varchar(2000)', (c) => c.notNull())
        .addColumn('tags', 'varchar(2000)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('allow_private', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await b.create('webhook_delivery', (t) =>
      b
        .text(b.autoId(t), 'payload', { long: true })
        .addColumn('webhook_id', 'bigint', (c) => c.notNull())
        .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('event', 'varchar(40)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_body', 'varchar(600)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint', (c) => c.notNull().defaultTo(0)),
    );
    await db.schema.createIndex('webhook_delivery_event_uniq').on('webhook_delivery').columns(['webhook_id', 'event_id']).unique().execute();
  },
};
