import { MAX_ATTEMPTS } from '../../core/outbox.js';
import type { Runtime } from '../../runtime.js';
import { onSiteEvent, DELIVER_TOPIC } from './events.js';
import { sendDelivery, signature } from './send.js';

/** Failed deliveries in a row after which an endpoint is switched off (its page says why). */
export const DISABLE_AFTER_FAILURES = 15;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Sends one delivery: signed, with the event's id, retried by the outbox with growing gaps (the
 * same event id every time: receivers drop what they have seen). After the last attempt it is
 * marked failed; an endpoint that fails many times in a row is switched off.
 */
async function deliver(runtime: Runtime, deliveryId: string): Promise<void> {
  const db = runtime.database;
  const delivery = await db.selectFrom('webhook_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!delivery || delivery.status !== 'pending') return;
  const hook = await db.selectFrom('webhook').selectAll().where('id', '=', String(delivery.webhook_id)).executeTakeFirst();
  if (!hook || Number(hook.enabled) !== 1) {
    await db.updateTable('webhook_delivery').set({ status: 'failed', response_body: 'the endpoint is switched off' }).where('id', '=', deliveryId).execute();
    return;
  }
  const timestamp = now();
  const result = await sendDelivery(
    hook.url,
    delivery.payload,
    {
      'content-type': 'application/json',
      'user-agent': 'Answer-Webhooks/1',
      'x-answer-event': delivery.event,
      'x-answer-event-id': delivery.event_id,
      'x-answer-delivery': deliveryId,
      'x-answer-signature': signature(hook.secret, timestamp, delivery.payload),
    },
    Number(hook.allow_private) === 1,
  );
  const attempts = Number(delivery.attempts) + 1;
  const status = result.ok ? 'ok' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  await db
    .updateTable('webhook_delivery')
    .set({ attempts, status, response_status: result.status, response_ms: result.ms, response_body: result.body.slice(0, 600), delivered_at: result.ok ? timestamp : 0 })
    .where('id', '=', deliveryId)
    .execute();
  if (result.ok) {
    await db.updateTable('webhook').set({ failure_count: 0 }).where('id', '=', String(hook.id)).where('failure_count', '>', 0).execute();
    return;
  }
  await db.updateTable('webhook').set((eb) => ({ failure_count: eb('failure_count', '+', 1) })).where('id', '=', String(hook.id)).execute();
  await db
    .updateTable('webhook')
    .set({ enabled: 0, disabled_reason: `Switched off after ${DISABLE_AFTER_FAILURES} failed deliveries in a row; the last: ${result.status || result.body}`.slice(0, 500) })
    .where('id', '=', String(hook.id))
    .where('enabled', '=', 1)
    .where('failure_count', '>=', DISABLE_AFTER_FAILURES)
    .execute();
  // Thrown, the outbox tries again later; after the last attempt the delivery is marked failed above.
  if (status === 'pending') throw new Error(`webhook ${String(hook.id)}: ${result.status || result.body}`);
}

export function registerWebhooks(runtime: Runtime): void {
  runtime.outbox.on('event.webhooks', (event) => onSiteEvent(runtime, event));
  runtime.outbox.on(DELIVER_TOPIC, ({ deliveryId }: { deliveryId: string }) => deliver(runtime, deliveryId));
}
