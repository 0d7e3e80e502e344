import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookPayload } from '@answer/contract';
import { t } from '../../core/i18n.js';
import { enqueue } from '../../core/outbox.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import type { PublishedEvent } from '../events/publish.js';
import type { SiteEvent } from '../events/types.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { presentWebhook } from './store.js';

/** Outbox topic of one delivery (one event to one endpoint), retried on its own. */
export const DELIVER_TOPIC = 'webhook.deliver';
/** How much of a post's Markdown a payload carries. */
const CONTENT_MAX = 10_000;
const QUESTION_VISIBLE = [1, 2]; // available, closed
const AVAILABLE = 1;

/** The webhook event a site event is, with the question it is about (for tag filters); null for none. */
function webhookEventOf(event: SiteEvent): { name: WebhookEvent; questionId: string | null } | null {
  switch (event.kind) {
    case 'question.create':
      return { name: 'question.created', questionId: event.questionId };
    case 'question.update':
      return { name: 'question.edited', questionId: event.questionId };
    case 'question.delete':
      return { name: 'question.deleted', questionId: event.questionId };
    case 'question.recover':
      return { name: 'question.undeleted', questionId: event.questionId };
    case 'answer.create':
      return { name: 'answer.created', questionId: event.questionId };
    case 'answer.update':
      return { name: 'answer.edited', questionId: event.questionId };
    case 'answer.delete':
      return { name: 'answer.deleted', questionId: event.questionId };
    case 'answer.recover':
      return { name: 'answer.undeleted', questionId: event.questionId };
    case 'answer.accept':
      return event.answerId !== '0' ? { name: 'answer.accepted', questionId: event.questionId } : null;
    case 'comment.create':
      return { name: 'comment.created', questionId: event.questionId };
    case 'comment.update':
      return { name: 'comment.edited', questionId: event.questionId };
    case 'comment.delete':
      return { name: 'comment.deleted', questionId: event.questionId };
    case 'vote':
      return { name: 'vote', questionId: event.questionId };
    case 'user.register':
      return { name: 'user.registered', questionId: null };
    case 'flag':
      return { name: 'flag.raised', questionId: null };
    case 'badge.award':
      return { name: 'badge.awarded', questionId: null };
    case 'post.queued':
      return { name: 'post.queued', questionId: null };
    default:
      return null;
  }
}

/**
 * What a payload says about the site's content. A post anyone may read is described in full
 * (title, address, tags, author, Markdown); one a visitor may not see (deleted, waiting for review,
 * or on a private site) only by its ids: the receiver is outside the site.
 */
class Describer {
  constructor(
    private readonly runtime: Runtime,
    readonly open: boolean,
    readonly siteUrl: string,
  ) {}

  private link(path: string) {
    return this.siteUrl ? `${this.siteUrl}${path}` : path;
  }

  private async author(userId: unknown) {
    const user = (await loadUserBasics(this.runtime, [String(userId)])).get(String(userId));
    return user ? { username: user.username, display_name: user.display_name } : null;
  }

  async question(id: string, visibleOnly = true) {
    const q = await this.runtime.database.selectFrom('question').select(['id', 'title', 'status', 'user_id', 'original_text']).where('id', '=', id).executeTakeFirst();
    const visible = this.open && !!q && QUESTION_VISIBLE.includes(Number(q.status));
    if (!q || !visible || !visibleOnly) return { id, visible };
    const tags = await tagsOfQuestions(this.runtime.database, [id]);
    return {
      id,
      visible,
      title: q.title,
      url: this.link(`/questions/${id}`),
      tags: tags.map((tag) => tag.slug_name),
      author: await this.author(q.user_id),
      content: q.original_text.slice(0, CONTENT_MAX),
    };
  }

  async answer(id: string, questionVisible: boolean) {
    const a = await this.runtime.database.selectFrom('answer').select(['id', 'status', 'user_id', 'original_text', 'question_id']).where('id', '=', id).executeTakeFirst();
    const visible = questionVisible && !!a && Number(a.status) === AVAILABLE;
    if (!a || !visible) return { id, visible };
    return { id, visible, url: this.link(`/questions/${String(a.question_id)}/${id}`), author: await this.author(a.user_id), content: a.original_text.slice(0, CONTENT_MAX) };
  }

  async comment(id: string, questionVisible: boolean) {
    const c = await this.runtime.database.selectFrom('comment').select(['id', 'status', 'user_id', 'original_text', 'object_id']).where('id', '=', id).executeTakeFirst();
    const visible = questionVisible && !!c && Number(c.status) === AVAILABLE;
    if (!c || !visible) return { id, visible };
    return { id, visible, object_id: String(c.object_id), author: await this.author(c.user_id), content: c.original_text.slice(0, CONTENT_MAX) };
  }

  async user(id: string) {
    if (!this.open) return { id };
    const author = await this.author(id);
    return author ? { id, ...author, url: this.link(`/users/${author.username}`) } : { id };
  }
}

async function dataOf(describe: Describer, runtime: Runtime, event: SiteEvent): Promise<Record<string, unknown>> {
  switch (event.kind) {
    case 'question.create':
    case 'question.update':
    case 'question.delete':
    case 'question.recover':
      return { question: await describe.question(event.questionId) };
    case 'answer.create':
    case 'answer.update':
    case 'answer.delete':
    case 'answer.recover':
    case 'answer.accept': {
      const question = await describe.question(event.questionId);
      return { question, answer: await describe.answer(event.answerId, question.visible) };
    }
    case 'comment.create':
    case 'comment.update':
    case 'comment.delete': {
      const question = await describe.question(event.questionId);
      return { question: { id: question.id, visible: question.visible }, comment: await describe.comment(event.commentId, question.visible) };
    }
    // Who voted is nobody's business: the object and its new count only.
    case 'vote':
      return { object_type: event.objectType, object_id: event.objectId, question_id: event.questionId, direction: event.direction, up_votes: event.upVotes };
    case 'user.register':
      return { user: await describe.user(event.userId) };
    // Flags and queued posts are staff business: ids, for the receiver to look at in the site.
    case 'flag':
      return { object_id: event.objectId };
    case 'post.queued':
      return { object_type: event.objectType, object_id: event.objectId };
    case 'badge.award': {
      const badge = await runtime.database.selectFrom('badge').select(['id', 'name']).where('id', '=', event.badgeId).executeTakeFirst();
      return { user: await describe.user(event.userId), badge: { id: event.badgeId, name: badge ? t('en_US', badge.name) : '' } };
    }
    default:
      return {};
  }
}

/** The payload's frame around `data`, the same for real events and test pings. */
export async function payloadOf(runtime: Runtime, id: string, event: WebhookPayload['event'], data: Record<string, unknown>): Promise<string> {
  const settings = await loadSiteSettings(runtime);
  const payload: WebhookPayload = {
    id,
    event,
    created_at: Math.floor(Date.now() / 1000),
    site: { name: settings.general.name, url: parseSiteUrl(settings.general.site_url) ?? '' },
    data,
  };
  return JSON.stringify(payload);
}

/** One delivery row per endpoint (unique per event id: a consumer run twice adds nothing), and its job. */
export async function queueDeliveries(runtime: Runtime, webhookIds: string[], eventId: string, event: WebhookPayload['event'], body: string): Promise<void> {
  const db = runtime.database;
  const t = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (trx) => {
    for (const webhookId of webhookIds) {
      const values = { webhook_id: webhookId, event_id: eventId, event, payload: body, status: 'pending', created_at: t };
      const insert =
        dialectOf(trx) === 'mysql'
          ? trx.insertInto('webhook_delivery').ignore().values(values)
          : trx.insertInto('webhook_delivery').values(values).onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing());
      const done = await insert.executeTakeFirst();
      if (Number(done.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
      const row = await trx.selectFrom('webhook_delivery').select('id').where('webhook_id', '=', webhookId).where('event_id', '=', eventId).executeTakeFirstOrThrow();
      await enqueue(trx, DELIVER_TOPIC, { deliveryId: String(row.id) });
    }
  });
}

/**
 * Site events to webhooks: each event (its own outbox row, events/publish.ts) becomes one delivery
 * per enabled endpoint that wants it, with the event's id from publishing.
 */
export async function onSiteEvent(runtime: Runtime, event: PublishedEvent): Promise<void> {
  const wanted = webhookEventOf(event);
  if (!wanted) return;
  const hooks = (await runtime.database.selectFrom('webhook').selectAll().where('enabled', '=', 1).execute())
    .map(presentWebhook)
    .filter((hook) => hook.events.includes(wanted.name));
  if (!hooks.length) return;
  const questionTags = wanted.questionId && hooks.some((h) => h.tags.length) ? (await tagsOfQuestions(runtime.database, [wanted.questionId])).map((tag) => tag.slug_name) : [];
  const targets = hooks.filter((hook) => !hook.tags.length || (wanted.questionId !== null && hook.tags.some((tag) => questionTags.includes(tag))));
  if (!targets.length) return;
  const settings = await loadSiteSettings(runtime);
  const describe = new Describer(runtime, !settings.login.login_required, parseSiteUrl(settings.general.site_url) ?? '');
  const eventId = event.eventId ?? randomUUID();
  const body = await payloadOf(runtime, eventId, wanted.name, await dataOf(describe, runtime, event));
  await queueDeliveries(runtime, targets.map((hook) => String(hook.id)), eventId, wanted.name, body);
}
