import { z } from 'zod';
import { text } from './text.js';
import type { Page } from './envelope.js';

/**
 * Webhooks (issue 28): HTTP endpoints an administrator registers to hear what happens on the site.
 * Each delivery is a signed JSON POST (docs/api.md, "Webhooks").
 */
export const WEBHOOK_EVENTS = [
  'question.created',
  'question.edited',
  'question.deleted',
  'question.undeleted',
  'answer.created',
  'answer.edited',
  'answer.deleted',
  'answer.undeleted',
  'answer.accepted',
  'comment.created',
  'comment.edited',
  'comment.deleted',
  'vote',
  'user.registered',
  'flag.raised',
  'badge.awarded',
  'post.queued',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const url = text('error.common.required')
  .trim()
  .min(1, { message: 'error.common.required' })
  .max(2048)
  .refine((u) => /^https?:\/\/[^\s/?#]+/i.test(u) && URL.canParse(u), { message: 'error.webhook.url_invalid' });

const fields = {
  description: text().trim().max(150).optional().default(''),
  url,
  events: z.array(z.enum(WEBHOOK_EVENTS, { message: 'error.common.invalid' })).min(1, { message: 'error.webhook.events_required' }).max(WEBHOOK_EVENTS.length),
  /** Only events about questions with one of these tags (slug names); empty: every event. */
  tags: z.array(text().trim().min(1).max(35)).max(20).optional().default([]),
  enabled: z.boolean({ message: 'error.common.invalid_type' }).optional().default(true),
  /** Deliver to loopback, private and link-local addresses too (off: such URLs are refused). */
  allow_private: z.boolean({ message: 'error.common.invalid_type' }).optional().default(false),
};
const webhookId = z.coerce.number({ message: 'error.common.invalid' }).int().positive({ message: 'error.common.invalid' }).max(Number.MAX_SAFE_INTEGER);

export const webhookCreateSchema = z.object(fields);
export const webhookUpdateSchema = z.object({ id: webhookId, ...fields });
export const webhookIdSchema = z.object({ id: webhookId });
export const webhookDeliveriesQuery = z.object({
  webhook_id: webhookId,
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const webhookRedeliverSchema = z.object({ delivery_id: webhookId });

export interface WebhookItem {
  id: number;
  description: string;
  url: string;
  /** For the receiver to check signatures: shown to administrators only. */
  secret: string;
  events: WebhookEvent[];
  tags: string[];
  enabled: boolean;
  allow_private: boolean;
  /** Deliveries that failed in a row since the last success. */
  failure_count: number;
  /** Why the site switched it off ('' while it has not). */
  disabled_reason: string;
  created_at: number;
}

export interface WebhookDeliveryItem {
  id: number;
  event_id: string;
  event: WebhookEvent | 'ping';
  /** pending (waiting or retrying), ok, failed (gave up). */
  status: 'pending' | 'ok' | 'failed';
  attempts: number;
  /** The receiver's HTTP status of the last attempt; 0 when it could not be reached. */
  response_status: number;
  response_ms: number;
  /** The first bytes of the receiver's answer, or the error. */
  response_body: string;
  created_at: number;
  delivered_at: number;
}

/** The body of every delivery. `data` depends on the event (docs/api.md). */
export interface WebhookPayload {
  id: string;
  event: WebhookEvent | 'ping';
  created_at: number;
  site: { name: string; url: string };
  data: Record<string, unknown>;
}

export type WebhookDeliveryPage = Page<WebhookDeliveryItem>;
