import { ADMIN_API_PREFIX, type WebhookDeliveryItem, type WebhookEvent, type WebhookItem } from '@answer/contract';
import { get, post, request } from './client';
import type { PageOf } from './post-types';

export type { WebhookDeliveryItem, WebhookEvent, WebhookItem };

/** What `POST …/webhook` takes, and `PUT …/webhook` with the `id`. */
export interface WebhookBody {
  description: string;
  url: string;
  events: WebhookEvent[];
  tags: string[];
  enabled: boolean;
  allow_private: boolean;
}

/** The deliveries of one webhook per page (newest first). */
export const DELIVERIES_PAGE_SIZE = 20;

/** TanStack Query keys: the list (which the page of one webhook reads too), and its deliveries. */
export const WEBHOOKS = ['admin', 'webhooks'] as const;
export const webhookDeliveriesKey = (webhookId: number, page: number) => ['admin', 'webhooks', 'deliveries', webhookId, page] as const;

/** The dialogs show field errors (`url`, `events`, `tags`…) and refusals themselves. */
const quiet = { passingError: true } as const;
const base = `${ADMIN_API_PREFIX}/webhook`;

export const getWebhooks = (signal?: AbortSignal) => get<WebhookItem[] | null>(`${ADMIN_API_PREFIX}/webhooks`, { signal }).then((list) => list ?? []);

/** The new webhook with its generated `secret`. */
export const createWebhook = (body: WebhookBody) => post<WebhookItem>(base, body, quiet);
export const updateWebhook = (body: WebhookBody & { id: number }) => request<null>('PUT', base, { body, ...quiet });
export const deleteWebhook = (id: number) => request<null>('DELETE', base, { body: { id }, ...quiet });

export const getWebhookDeliveries = (webhookId: number, page: number, signal?: AbortSignal) =>
  get<PageOf<WebhookDeliveryItem> | null>(`${base}/deliveries`, { params: { webhook_id: webhookId, page }, signal }).then((p) => ({ count: p?.count ?? 0, list: p?.list ?? [] }));

/** Queues the same event again (the same event id, for the receiver's deduplication). */
export const redeliverWebhook = (deliveryId: number) => post<null>(`${base}/redeliver`, { delivery_id: deliveryId }, quiet);

/** Queues a `ping` event. */
export const testWebhook = (id: number) => post<null>(`${base}/test`, { id }, quiet);
