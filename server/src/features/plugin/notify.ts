import type { NotificationMessage } from '@answer/plugin-sdk';
import { enqueue } from '../../core/outbox.js';
import type { Runtime } from '../../runtime.js';
import { notificationMessage } from '../notification/plugin-message.js';
import { INBOX_CREATED_TOPIC, type InboxCreated } from '../notification/store.js';
import { callHook } from './call.js';
import { pluginContext } from './context.js';
import { enabledHooks } from './enabled-hooks.js';

/** Outbox topic of one notification for one notification plugin (retried on its own). */
const PLUGIN_NOTIFY_TOPIC = 'plugin.notify';

const notifying = async (runtime: Runtime) => (await enabledHooks(runtime, 'notification')).filter(({ hooks }) => hooks.notify);

/**
 * Every inbox notification a person receives also goes to each enabled notification plugin's
 * `notify` (domain.md 8.8), as delivery.ts does with site events: the notification's row
 * ('notification.inbox', written with it) becomes one row per enabled plugin, each calling its
 * hook and retried alone if it fails; a row whose plugin was disabled since is dropped.
 */
export function registerNotificationPlugins(runtime: Runtime): void {
  // Not a transactional handler: it reads settings and plugin state, which may need the database
  // (one connection on SQLite). Run again after a crash, it may queue a plugin's row twice.
  runtime.outbox.on(INBOX_CREATED_TOPIC, async (notice: InboxCreated) => {
    const plugins = await notifying(runtime);
    if (!plugins.length) return;
    const message = await notificationMessage(runtime, notice);
    if (!message) return;
    await runtime.database.transaction().execute(async (trx) => {
      for (const { entry } of plugins) await enqueue(trx, PLUGIN_NOTIFY_TOPIC, { slug: entry.slug, message });
    });
  });
  runtime.outbox.on(PLUGIN_NOTIFY_TOPIC, async ({ slug, message }: { slug: string; message: NotificationMessage }) => {
    const plugin = (await notifying(runtime)).find(({ entry }) => entry.slug === slug);
    // Disabled or removed since: the message is dropped, as for a plugin that was never there.
    if (!plugin) return;
    const ctx = await pluginContext(runtime, plugin.entry);
    await callHook(runtime, plugin.entry, 'notification.notify', () => plugin.hooks.notify!(message, ctx));
  });
}
