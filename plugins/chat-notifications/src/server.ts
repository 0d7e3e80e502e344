/**
 * Chat notifications: posts new questions, new answers and accepted answers to Slack, Discord,
 * Microsoft Teams and Mattermost channels through their incoming webhooks.
 */
import { randomUUID } from 'node:crypto';
import { definePlugin, type PluginContext, type PluginReply, type SiteEvent } from '@answer/plugin-sdk';
import { configForm } from './config-form.js';
import { deliverAll, eventKey, webhookId } from './delivery.js';
import { bodyFor } from './formats.js';
import { labelsFor } from './labels.js';
import { eventMessage, testMessage } from './message.js';
import { readSettings, wants } from './settings.js';

async function onSiteEvent(event: SiteEvent, ctx: PluginContext): Promise<void> {
  const settings = readSettings(ctx.config());
  if (settings.webhooks.length === 0 || !wants(settings, event)) return;
  const message = eventMessage(event, labelsFor(settings.language));
  await deliverAll(
    ctx,
    settings.webhooks.map((hook) => ({ hook, body: bodyFor(hook.platform, message, settings.botName), key: eventKey(event.id, hook) })),
  );
}

/** The config form's test button: one message to every saved webhook. */
async function sendTest(ctx: PluginContext): Promise<PluginReply> {
  const settings = readSettings(ctx.config());
  const count = settings.webhooks.length;
  if (count === 0) {
    return {
      status: 400,
      message: { en_US: 'No webhook URL is saved yet: enter one and save the form first.', zh_CN: '尚未保存任何 Webhook 地址：请先填写并保存表单。' },
    };
  }
  const message = testMessage(await ctx.siteName(), await ctx.siteUrl(), labelsFor(settings.language));
  // A new key per press: the outbox sends a key once, and every press should send.
  const press = randomUUID();
  await deliverAll(
    ctx,
    settings.webhooks.map((hook) => ({ hook, body: bodyFor(hook.platform, message, settings.botName), key: `test:${press}:${webhookId(hook)}` })),
  );
  const plural = count === 1 ? 'webhook' : 'webhooks';
  return { message: { en_US: `Test message queued to ${count} ${plural}.`, zh_CN: `测试消息已排队发送到 ${count} 个 Webhook。` } };
}

export default definePlugin({
  info: {
    slug_name: 'chat_notifications',
    name: { en_US: 'Chat notifications', zh_CN: '聊天通知' },
    description: {
      en_US: 'Posts new questions, new answers and accepted answers to Slack, Discord, Microsoft Teams and Mattermost channels.',
      zh_CN: '将新问题、新回答和被采纳的回答发送到 Slack、Discord、Microsoft Teams 和 Mattermost 频道。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  config: configForm,
  notification: { siteEvent: onSiteEvent },
  routes: { admin: [{ method: 'POST', path: '/test', handler: (_request, ctx) => sendTest(ctx) }] },
});
