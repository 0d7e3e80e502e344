/**
 * Handing messages to the host's outbox (`ctx.deliver`), which posts them, retries failed posts and
 * sends each key at most once. Keys are what make a retried hook harmless.
 */
import { createHash } from 'node:crypto';
import type { PluginContext } from '@answer/plugin-sdk';
import type { Webhook } from './settings.js';

/**
 * A short, stable name for a webhook in a key. The URL itself is a credential and must not be
 * stored in keys; its hash also tells apart two webhooks of one platform, and a changed URL.
 */
export function webhookId(hook: Webhook): string {
  return `${hook.platform}:${createHash('sha256').update(hook.url).digest('hex').slice(0, 16)}`;
}

/** The key of a site event's message to one webhook: the same on every run of the hook for that event. */
export const eventKey = (eventId: string, hook: Webhook) => `${eventId}:${webhookId(hook)}`;

export interface Outgoing {
  hook: Webhook;
  body: unknown;
  key: string;
}

/** An error's message with the webhook URL (a credential) taken out, for logs and the admin's page. */
function redact(error: unknown, hook: Webhook): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(hook.url).join(`[${hook.platform} webhook]`);
}

/**
 * Queues every message, even when one fails, then throws if any failed: the host runs the hook
 * again, and the messages already queued are not sent twice because their keys are the same.
 * Returns how many were queued.
 */
export async function deliverAll(ctx: PluginContext, outgoing: Outgoing[]): Promise<number> {
  const failures: string[] = [];
  for (const { hook, body, key } of outgoing) {
    try {
      await ctx.deliver({ url: hook.url, body, key });
    } catch (error) {
      const reason = redact(error, hook);
      ctx.log.error('could not queue a chat message', { platform: hook.platform, reason });
      failures.push(`${hook.platform}: ${reason}`);
    }
  }
  if (failures.length) throw new Error(`${failures.length} of ${outgoing.length} chat messages not queued (${failures.join('; ')})`);
  return outgoing.length;
}
