import type { SiteEvent as PluginSiteEvent } from '@answer/plugin-sdk';
import { excerpt } from '../../core/markdown.js';
import { enqueue } from '../../core/outbox.js';
import type { Runtime } from '../../runtime.js';
import type { SiteEvent } from '../events/types.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { callHook } from './call.js';
import { DELIVERY_TOPIC, pluginContext } from './context.js';
import { enabledWith } from './service.js';

/** Outbox topic of one site event for one notification plugin (retried on its own). */
const PLUGIN_EVENT_TOPIC = 'plugin.site-event';
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The outbox handlers that connect site events to notification plugins: 'event.plugins' (one row
 * per site event, events/publish.ts) turns the kinds plugins receive into one row per enabled
 * plugin; each of those calls the plugin's `siteEvent` hook, retried alone if it fails; the
 * plugin's deliveries are rows of their own (context.ts `deliver`), posted here with a time limit.
 */
export function registerPluginDelivery(runtime: Runtime): void {
  // Not a transactional handler: it reads settings and plugin state, which may need the database
  // (one connection on SQLite). Run again after a crash, it queues the rows again; the plugins'
  // deliveries are once per key, so nobody gets a message twice.
  runtime.outbox.on('event.plugins', async (event: SiteEvent) => {
    const plugins = (await enabledWith(runtime, 'notification')).filter(({ entry }) => entry.plugin?.notification?.siteEvent);
    if (!plugins.length) return;
    const wanted = await pluginEventOf(runtime, event);
    if (!wanted) return;
    await runtime.database.transaction().execute(async (trx) => {
      for (const { entry } of plugins) await enqueue(trx, PLUGIN_EVENT_TOPIC, { slug: entry.slug, event: wanted });
    });
  });
  runtime.outbox.on(PLUGIN_EVENT_TOPIC, async ({ slug, event }: { slug: string; event: PluginSiteEvent }) => {
    const entry = runtime.plugins.get(slug);
    const hook = entry?.plugin?.notification?.siteEvent;
    // Disabled or removed since: the event is dropped, as for a plugin that was never there.
    if (!entry || !hook || !(await enabledWith(runtime, 'notification')).some((p) => p.entry === entry)) return;
    const ctx = await pluginContext(runtime, entry);
    await callHook(runtime, entry, 'notification.siteEvent', () => hook(event, ctx));
  });
  runtime.outbox.on(DELIVERY_TOPIC, async (delivery: { slug: string; url: string; body: unknown; headers: Record<string, string> }) => {
    const res = await fetch(delivery.url, {
      method: 'POST',
      headers: { ...delivery.headers, 'content-type': 'application/json', 'user-agent': 'Answer' },
      body: JSON.stringify(delivery.body),
      redirect: 'error',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Read to the end so the connection is reused; the receiver's reply is not trusted for anything.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`plugin ${delivery.slug}: delivery answered ${res.status}`);
  });
}

/** The plugin view of the site events plugins receive; null for the others. */
async function pluginEventOf(runtime: Runtime, event: SiteEvent): Promise<PluginSiteEvent | null> {
  const db = runtime.database;
  if (event.kind !== 'question.create' && event.kind !== 'answer.create' && event.kind !== 'answer.accept') return null;
  if (event.kind === 'answer.accept' && event.answerId === '0') return null;
  const question = await db.selectFrom('question').select(['id', 'title', 'parsed_text', 'user_id', 'created_at']).where('id', '=', event.questionId).executeTakeFirst();
  if (!question) return null;
  const answer =
    event.kind === 'question.create' ? null : await db.selectFrom('answer').select(['id', 'parsed_text', 'user_id', 'created_at']).where('id', '=', event.answerId).executeTakeFirst();
  if (event.kind !== 'question.create' && !answer) return null;
  const authorId = String(answer?.user_id ?? question.user_id);
  const [author, tags, settings] = await Promise.all([
    db.selectFrom('user').select(['username', 'display_name']).where('id', '=', authorId).executeTakeFirst(),
    db.selectFrom('tag_rel').innerJoin('tag', 'tag.id', 'tag_rel.tag_id').select('tag.slug_name').where('tag_rel.object_id', '=', event.questionId).where('tag_rel.status', '=', 1).execute(),
    loadSiteSettings(runtime),
  ]);
  const base = parseSiteUrl(settings.general.site_url) ?? '';
  const qPath = questionPath(settings.seo.permalink, String(question.id), question.title);
  return {
    type: event.kind === 'question.create' ? 'question.created' : event.kind === 'answer.create' ? 'answer.created' : 'answer.accepted',
    id: `${event.kind}:${answer ? answer.id : question.id}`,
    questionTitle: question.title,
    questionUrl: base + qPath,
    tags: tags.map((t) => t.slug_name),
    ...(answer && { answerUrl: `${base}${questionPath(settings.seo.permalink, String(question.id), question.title, String(answer.id))}` }),
    authorName: author?.display_name || author?.username || '',
    authorUrl: author ? `${base}/users/${encodeURIComponent(author.username)}` : '',
    excerpt: excerpt(answer?.parsed_text ?? question.parsed_text, 200),
    createdAt: Number(answer?.created_at ?? question.created_at),
  };
}
