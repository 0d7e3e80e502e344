import { WEBHOOK_EVENTS, type WebhookEvent, webhookCreateSchema } from '@answer/contract';
import { ApiError, isApiError } from '../../../api/api-error';
import type { WebhookBody, WebhookItem } from '../../../api/webhooks';
import { slugOf } from '../../../components/tag-input';
import { checkForm, type FieldErrors } from '../../../utils/form-errors';

/** The address of a webhook's own page (its secret and deliveries), `page` of its deliveries. */
export const webhookPath = (id: number, page = 1) => `/admin/webhooks/${id}${page > 1 ? `?page=${page}` : ''}`;

/** The groups of the event checkboxes, in this order; their labels are `admin.webhooks.groups.<key>`. */
export const EVENT_GROUP_KEYS = ['questions', 'answers', 'comments', 'votes', 'users', 'flags', 'badges', 'review', 'other'] as const;
export type EventGroupKey = (typeof EVENT_GROUP_KEYS)[number];

/** The group of an event by the word before its dot ("post.queued" is the review queue's). */
const GROUP_OF: Record<string, EventGroupKey> = {
  question: 'questions',
  answer: 'answers',
  comment: 'comments',
  vote: 'votes',
  user: 'users',
  flag: 'flags',
  badge: 'badges',
  post: 'review',
};

export const groupOf = (event: string): EventGroupKey => GROUP_OF[event.split('.')[0] ?? ''] ?? 'other';

/** Every event of the contract in its group; an event added later lands in "Other" until it is given a group. */
export const EVENT_GROUPS: { key: EventGroupKey; events: WebhookEvent[] }[] = EVENT_GROUP_KEYS.map((key) => ({
  key,
  events: WEBHOOK_EVENTS.filter((event) => groupOf(event) === key),
})).filter((group) => group.events.length > 0);

/** The translation key of an event's label (`ping` too): "question.created" → `admin.webhooks.events.question_created`. */
export const eventLabelKey = (event: string) => `admin.webhooks.events.${event.replace(/\./g, '_')}`;

/** The tags a webhook hears about, as the admin typed them: names separated by commas, stored as slugs, each once. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(/[,，、]/)
    .map(slugOf)
    .filter(Boolean);
  return [...new Set(tags)];
}

/** The most tags a webhook takes, and the longest tag name (packages/contract webhook.ts). */
export const TAGS_MAX = 20;
export const TAG_LENGTH_MAX = 35;
export const DESCRIPTION_MAX = 150;
export const URL_MAX = 2048;

/** The dialog's values: the events chosen, the tags as typed. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
  tags: string;
  enabled: boolean;
  allow_private: boolean;
}

/** The fields the dialog shows an error beside. */
export const WEBHOOK_FIELDS = ['url', 'description', 'events', 'tags', 'enabled', 'allow_private'] as const;

/** A new webhook: on, every event, no tag filter, public addresses only. */
export function formValuesOf(item?: WebhookItem | null): WebhookFormValues {
  if (!item) return { url: '', description: '', events: [...WEBHOOK_EVENTS], tags: '', enabled: true, allow_private: false };
  return { url: item.url, description: item.description, events: [...item.events], tags: item.tags.join(', '), enabled: item.enabled, allow_private: item.allow_private };
}

/** The events chosen, in the contract's order (so the same choice always sends the same list). */
export const orderedEvents = (events: Iterable<string>): WebhookEvent[] => {
  const chosen = new Set(events);
  return WEBHOOK_EVENTS.filter((event) => chosen.has(event));
};

/**
 * The request body of the dialog's values, checked against the contract's schema: the body, or a
 * message per invalid field (`translate` turns the schema's reason keys into text).
 */
export function webhookBodyOf(values: WebhookFormValues, translate: (key: string) => string): { data: WebhookBody } | { errors: FieldErrors } {
  const tags = parseTags(values.tags);
  const body = { url: values.url, description: values.description, events: orderedEvents(values.events), tags, enabled: values.enabled, allow_private: values.allow_private };
  const checked = checkForm(webhookCreateSchema, body, translate);
  const tagError = tags.length > TAGS_MAX ? 'admin.webhooks.tags_too_many' : tags.some((tag) => [...tag].length > TAG_LENGTH_MAX) ? 'admin.webhooks.tag_too_long' : '';
  if ('errors' in checked || tagError) {
    const errors = 'errors' in checked ? { ...checked.errors } : {};
    if (tagError) errors.tags = translate(tagError);
    return { errors };
  }
  return { data: checked.data as WebhookBody };
}

/**
 * A refusal with its field errors named as the dialog's fields: the server may name an item of a
 * list (`events.2`, `tags[0]`), which belongs beside the list.
 */
export function withFormFieldNames(error: unknown): unknown {
  if (!isApiError(error) || !error.list.length) return error;
  const list = error.list.map((f) => ({ ...f, error_field: f.error_field.split(/[.[]/)[0] ?? f.error_field }));
  return new ApiError(error.status, error.reason, error.msg, error.data, list);
}

/** Whether a delivery status code counts as the receiver taking it (2xx). */
export const isSuccessStatus = (status: number) => status >= 200 && status < 300;
