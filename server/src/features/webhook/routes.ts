import { randomUUID } from 'node:crypto';
import { ADMIN_API_PREFIX, webhookCreateSchema, webhookDeliveriesQuery, webhookIdSchema, webhookRedeliverSchema, webhookUpdateSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { enqueue } from '../../core/outbox.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { DELIVER_TOPIC, payloadOf, queueDeliveries } from './events.js';
import { createWebhook, deleteWebhook, deliveriesPage, listWebhooks, updateWebhook, webhookOr404 } from './store.js';

/** Admin → Webhooks (administrators only): endpoints, their delivery log, redeliver and test. */
export async function webhookRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };
  const base = `${ADMIN_API_PREFIX}/webhook`;

  app.get(`${ADMIN_API_PREFIX}/webhooks`, doc(admin, { response: 'WebhookItem[]' }), async (request, reply) => send(request, reply, await listWebhooks(runtime)));
  app.post(base, doc(admin, { body: webhookCreateSchema, response: 'WebhookItem' }), async (request, reply) => send(request, reply, await createWebhook(runtime, parseInput(webhookCreateSchema, request.body))));
  app.put(base, doc(admin, { body: webhookUpdateSchema, response: null }), async (request, reply) => {
    const { id, ...input } = parseInput(webhookUpdateSchema, request.body);
    await updateWebhook(runtime, id, input);
    return send(request, reply, null);
  });
  app.delete(base, doc(admin, { body: webhookIdSchema, response: null }), async (request, reply) => {
    await deleteWebhook(runtime, parseInput(webhookIdSchema, request.body).id);
    return send(request, reply, null);
  });
  app.get(`${base}/deliveries`, doc(admin, { query: webhookDeliveriesQuery, response: 'WebhookDeliveryPage' }), async (request, reply) => {
    const { webhook_id, page } = parseInput(webhookDeliveriesQuery, request.query);
    return send(request, reply, await deliveriesPage(runtime, webhook_id, page));
  });
  // The same event again, with its id: the row goes back to pending and gets a job of its own.
  app.post(`${base}/redeliver`, doc(admin, { body: webhookRedeliverSchema, response: null }), async (request, reply) => {
    const { delivery_id } = parseInput(webhookRedeliverSchema, request.body);
    await runtime.database.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_delivery').select('id').where('id', '=', String(delivery_id)).executeTakeFirst();
      if (!row) throw notFound('error.webhook.delivery_not_found');
      await trx.updateTable('webhook_delivery').set({ status: 'pending', attempts: 0 }).where('id', '=', String(delivery_id)).execute();
      await enqueue(trx, DELIVER_TOPIC, { deliveryId: String(delivery_id) });
    });
    return send(request, reply, null);
  });
  // A `ping` with a fresh id, so a receiver can be checked before real events flow.
  app.post(`${base}/test`, doc(admin, { body: webhookIdSchema, response: null, summary: 'Send a ping delivery' }), async (request, reply) => {
    const { id } = parseInput(webhookIdSchema, request.body);
    await webhookOr404(runtime, id);
    const eventId = randomUUID();
    await queueDeliveries(runtime, [String(id)], eventId, 'ping', await payloadOf(runtime, eventId, 'ping', { message: 'A test event from Admin → Webhooks.' }));
    return send(request, reply, null);
  });
}
