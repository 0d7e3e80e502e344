/**
 * The saved config form read into what the hooks use. Values are read defensively (types checked,
 * defaults applied): a form saved by an older version of the plugin may lack fields or hold others.
 */
import type { ConfigValues, SiteEvent } from '@answer/plugin-sdk';
import { PLATFORMS, type Platform } from './formats.js';
import type { Language } from './labels.js';

export interface Webhook {
  platform: Platform;
  url: string;
}

export interface Settings {
  webhooks: Webhook[];
  events: Record<SiteEvent['type'], boolean>;
  /** Lower-case tag slugs; empty: every question. */
  tags: string[];
  botName: string;
  language: Language;
}

/** The form's field names, shared with the form itself (config-form.ts). */
export const FIELD = {
  url: (platform: Platform) => `${platform}_webhook_url`,
  events: {
    'question.created': 'notify_new_questions',
    'answer.created': 'notify_new_answers',
    'answer.accepted': 'notify_accepted_answers',
  } satisfies Record<SiteEvent['type'], string>,
  tags: 'tags',
  botName: 'bot_name',
  language: 'message_language',
  test: 'send_test',
} as const;

/** Every event kind is on until the admin turns it off. */
export const EVENT_DEFAULT = true;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const flag = (value: unknown) => (typeof value === 'boolean' ? value : EVENT_DEFAULT);

/** Comma-separated tags (the Chinese comma too, as Chinese keyboards type it), lower-cased, no empties. */
export function parseTags(value: unknown): string[] {
  return [
    ...new Set(
      text(value)
        .split(/[,，]/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The configured webhooks, in the platforms' order; blank URLs are skipped. */
export function webhooksOf(values: ConfigValues): Webhook[] {
  return PLATFORMS.map((platform) => ({ platform, url: text(values[FIELD.url(platform)]) })).filter((hook) => hook.url !== '');
}

export function readSettings(values: ConfigValues): Settings {
  return {
    webhooks: webhooksOf(values),
    events: {
      'question.created': flag(values[FIELD.events['question.created']]),
      'answer.created': flag(values[FIELD.events['answer.created']]),
      'answer.accepted': flag(values[FIELD.events['answer.accepted']]),
    },
    tags: parseTags(values[FIELD.tags]),
    botName: text(values[FIELD.botName]),
    language: values[FIELD.language] === 'zh_CN' ? 'zh_CN' : 'en_US',
  };
}

/**
 * Whether a site event is one the admin wants in chat. The tag list narrows new questions only:
 * answers follow the admin's answer switches whatever their question's tags.
 */
export function wants(settings: Settings, event: SiteEvent): boolean {
  if (settings.events[event.type] !== true) return false;
  if (event.type !== 'question.created' || settings.tags.length === 0) return true;
  return (event.tags ?? []).some((tag) => settings.tags.includes(String(tag).trim().toLowerCase()));
}
