import { MAX_ATTEMPTS } from '../../core/outbox.js';
import { ROLE } from '@answer/contract';
import type { Runtime } from '../../runtime.js';
import { queueMail } from '../email/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
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
  const reason = `Switched off after ${DISABLE_AFTER_FAILURES} failed deliveries in a row; the last: ${result.status || result.body}`.slice(0, 500);
  const switchedOff = await db
    .updateTable('webhook')
    .set({ enabled: 0, disabled_reason: reason })
    .where('id', '=', String(hook.id))
    .where('enabled', '=', 1)
    .where('failure_count', '>=', DISABLE_AFTER_FAILURES)
    .executeTakeFirst();
  // Only the update that switched it off tells the administrators (by e-mail), once.
  if (Number(switchedOff.numUpdatedRows) === 1) await tellAdministrators(runtime, hook.id, hook.url, reason);
  // Thrown, the outbox tries again later; after the last attempt the delivery is marked failed above.
  if (status === 'pending') throw new Error(`webhook ${String(hook.id)}: ${result.status || result.body}`);
}

/** E-mails every administrator with a verified address that an endpoint was switched off, in their language. */
async function tellAdministrators(runtime: Runtime, webhookId: unknown, url: string, reason: string): Promise<void> {
  const settings = await loadSiteSettings(runtime);
  const admins = await runtime.database
    .selectFrom('user')
    .innerJoin('user_role_rel', 'user_role_rel.user_id', 'user.id')
    .select(['user.e_mail', 'user.language'])
    .where('user_role_rel.role_id', '=', ROLE.admin)
    .where('user.status', '=', 1)
    .where('user.mail_status', '=', 1)
    .execute();
  const base = parseSiteUrl(settings.general.site_url) ?? '';
  const lang = (language: string) => (language && language !== 'Default' ? language : settings.interface.language);
  await runtime.database.transaction().execute(async (trx) => {
    for (const admin of admins) {
      await queueMail(trx, {
        to: admin.e_mail,
        lang: lang(admin.language),
        template: 'webhook_disabled',
        vars: { SiteName: settings.general.name, Url: url, Reason: reason, Link: `${base}/admin/webhooks/${String(webhookId)}` },
      });
    }
  });
}

export function registerWebhooks(runtime: Runtime): void {
  runtime.outbox.on('event.webhooks', (event) => onSiteEvent(runtime, event));
  runtime.outbox.on(DELIVER_TOPIC, ({ deliveryId }: { deliveryId: string }) => deliver(runtime, deliveryId));
}
