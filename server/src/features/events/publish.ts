import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { enqueue } from '../../core/outbox.js';
import type { Database } from '../../db/schema.js';
import type { SiteEvent } from './types.js';

/**
 * The consumers of site events, one outbox topic each. Every event goes to all of them: each
 * consumer ignores the kinds it does not handle, and runs as its own outbox row so a failure in
 * one (say, a badge rule) is retried without creating a notification twice.
 */
export const EVENT_TOPICS = ['event.notify', 'event.badge', 'event.mail', 'event.plugins', 'event.search', 'event.webhooks'] as const;
export type EventTopic = (typeof EVENT_TOPICS)[number];

/**
 * Publishes an event in the caller's transaction: it exists exactly when the change does. Each
 * event gets its id here, so a consumer run again after a crash sees the same id (webhooks send it).
 */
export async function publish(trx: Kysely<Database>, event: SiteEvent): Promise<void> {
  const stamped: PublishedEvent = { ...event, eventId: randomUUID() };
  for (const topic of EVENT_TOPICS) await enqueue(trx, topic, stamped);
}

/** An event as consumers receive it (older outbox rows, from before ids, have none). */
export type PublishedEvent = SiteEvent & { eventId?: string };
