import { randomBytes } from 'node:crypto';
import type { webhookCreateSchema, WebhookDeliveryItem, WebhookEvent, WebhookItem } from '@answer/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { FieldErrors, notFound } from '../../core/errors.js';
import type { WebhookDeliveryTable, WebhookTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { AddressRefused, checkUrl } from './address.js';

const now = () => Math.floor(Date.now() / 1000);
type Input = z.infer<typeof webhookCreateSchema>;

const parseList = (text: string): string[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

export const presentWebhook = (row: Selectable<WebhookTable>): WebhookItem => ({
  id: Number(row.id),
  description: row.description,
  url: row.url,
  secret: row.secret,
  events: parseList(row.events) as WebhookEvent[],
  tags: parseList(row.tags),
  enabled: Number(row.enabled) === 1,
  allow_private: Number(row.allow_private) === 1,
  failure_count: Number(row.failure_count),
  disabled_reason: row.disabled_reason,
  created_at: Number(row.created_at),
});

/** A URL naming a local or private address is refused when saved (again at every connection: send.ts). */
function checkedValues(input: Input) {
  try {
    checkUrl(new URL(input.url), input.allow_private);
  } catch (error) {
    if (error instanceof AddressRefused) throw new FieldErrors([{ field: 'url', reason: 'error.webhook.address_refused' }]);
    throw error;
  }
  return {
    description: input.description,
    url: input.url,
    events: JSON.stringify([...new Set(input.events)]),
    tags: JSON.stringify([...new Set(input.tags.map((t) => t.toLowerCase()))]),
    enabled: input.enabled ? 1 : 0,
    allow_private: input.allow_private ? 1 : 0,
  };
}

export async function listWebhooks(runtime: Runtime): Promise<WebhookItem[]> {
  return (await runtime.database.selectFrom('webhook').selectAll().orderBy('id').execute()).map(presentWebhook);
}

export async function webhookOr404(runtime: Runtime, id: number | string) {
  const row = await runtime.database.selectFrom('webhook').selectAll().where('id', '=', String(id)).executeTakeFirst();
  if (!row) throw notFound('error.webhook.not_found');
  return row;
}

/** A new endpoint with a secret of its own (`whsec_` and 32 random bytes), shown to administrators. */
export async function createWebhook(runtime: Runtime, input: Input): Promise<WebhookItem> {
  const t = now();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await runtime.database.insertInto('webhook').values({ ...checkedValues(input), secret, created_at: t, updated_at: t }).execute();
  const row = await runtime.database.selectFrom('webhook').selectAll().where('secret', '=', secret).executeTakeFirstOrThrow();
  return presentWebhook(row);
}

/** Saving an endpoint switched on again clears the failures that switched it off. */
export async function updateWebhook(runtime: Runtime, id: number, input: Input): Promise<void> {
  await webhookOr404(runtime, id);
  const values = checkedValues(input);
  await runtime.database
    .updateTable('webhook')
    .set({ ...values, updated_at: now(), ...(values.enabled ? { failure_count: 0, disabled_reason: '' } : {}) })
    .where('id', '=', String(id))
    .execute();
}

export async function deleteWebhook(runtime: Runtime, id: number): Promise<void> {
  await webhookOr404(runtime, id);
  await runtime.database.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_delivery').where('webhook_id', '=', String(id)).execute();
    await trx.deleteFrom('webhook').where('id', '=', String(id)).execute();
  });
}

const PAGE_SIZE = 20;

const presentDelivery = (row: Selectable<WebhookDeliveryTable>): WebhookDeliveryItem => ({
  id: Number(row.id),
  event_id: row.event_id,
  event: row.event as WebhookDeliveryItem['event'],
  status: row.status as WebhookDeliveryItem['status'],
  attempts: Number(row.attempts),
  response_status: Number(row.response_status),
  response_ms: Number(row.response_ms),
  response_body: row.response_body,
  created_at: Number(row.created_at),
  delivered_at: Number(row.delivered_at),
});

export async function deliveriesPage(runtime: Runtime, webhookId: number, page: number): Promise<{ count: number; list: WebhookDeliveryItem[] }> {
  await webhookOr404(runtime, webhookId);
  const db = runtime.database;
  const [count, rows] = await Promise.all([
    db.selectFrom('webhook_delivery').select((eb) => eb.fn.countAll().as('n')).where('webhook_id', '=', String(webhookId)).executeTakeFirst(),
    db.selectFrom('webhook_delivery').selectAll().where('webhook_id', '=', String(webhookId)).orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute(),
  ]);
  return { count: Number(count?.n ?? 0), list: rows.map(presentDelivery) };
}
