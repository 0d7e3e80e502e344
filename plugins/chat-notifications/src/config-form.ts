/**
 * The admin's config form (`/admin/chat_notifications`) and the checks a save must pass beyond each
 * field's own (the host has already checked that URL fields hold http(s) URLs).
 */
import type { ConfigFieldSpec, ConfigForm, ConfigValues, FieldError, Translatable } from '@answer/plugin-sdk';
import { discordAcceptsName, type Platform } from './formats.js';
import { EVENT_DEFAULT, FIELD, webhooksOf } from './settings.js';

interface WebhookText {
  title: Translatable;
  description: Translatable;
  placeholder: string;
}

const WEBHOOK_TEXT: Record<Platform, WebhookText> = {
  slack: {
    title: { en_US: 'Slack webhook URL', zh_CN: 'Slack Webhook 地址' },
    description: {
      en_US: 'The incoming webhook of a Slack app, which picks the channel. Leave empty to skip Slack.',
      zh_CN: 'Slack 应用的传入 Webhook 地址，频道在创建时选定。留空则不发到 Slack。',
    },
    placeholder: 'https://hooks.slack.com/services/…',
  },
  discord: {
    title: { en_US: 'Discord webhook URL', zh_CN: 'Discord Webhook 地址' },
    description: {
      en_US: 'From the channel settings: Integrations, Webhooks, Copy Webhook URL. Leave empty to skip Discord.',
      zh_CN: '在频道设置的“整合”→“Webhook”中复制 Webhook 地址。留空则不发到 Discord。',
    },
    placeholder: 'https://discord.com/api/webhooks/…',
  },
  teams: {
    title: { en_US: 'Microsoft Teams webhook URL', zh_CN: 'Microsoft Teams Webhook 地址' },
    description: {
      en_US: 'The URL of a Teams workflow that posts to a channel when a webhook request is received (or of an older incoming webhook). Messages are sent as Adaptive Cards. Leave empty to skip Teams.',
      zh_CN: '“收到 Webhook 请求时发布到频道”的 Teams 工作流地址（或旧版传入 Webhook 地址）。消息以自适应卡片发送。留空则不发到 Teams。',
    },
    placeholder: 'https://…',
  },
  mattermost: {
    title: { en_US: 'Mattermost webhook URL', zh_CN: 'Mattermost Webhook 地址' },
    description: {
      en_US: 'From Integrations, Incoming Webhooks on your Mattermost server. Leave empty to skip Mattermost.',
      zh_CN: '在 Mattermost 服务器的“集成”→“传入 Webhook”中创建。留空则不发到 Mattermost。',
    },
    placeholder: 'https://mattermost.example.com/hooks/…',
  },
};

/** A webhook URL is a credential: anyone who has it can post to the channel. */
const webhookField = (platform: Platform): ConfigFieldSpec => ({
  name: FIELD.url(platform),
  type: 'input',
  inputType: 'url',
  secret: true,
  maxLength: 2000,
  ...WEBHOOK_TEXT[platform],
});

const eventField = (name: string, title: Translatable, label: Translatable): ConfigFieldSpec => ({ name, type: 'switch', default: EVENT_DEFAULT, title, label });

const fields: ConfigFieldSpec[] = [
  webhookField('slack'),
  webhookField('discord'),
  webhookField('teams'),
  webhookField('mattermost'),
  eventField(
    FIELD.events['question.created'],
    { en_US: 'New questions', zh_CN: '新问题' },
    { en_US: 'Post a message when a question is asked', zh_CN: '有人提问时发送消息' },
  ),
  eventField(
    FIELD.events['answer.created'],
    { en_US: 'New answers', zh_CN: '新回答' },
    { en_US: 'Post a message when a question gets an answer', zh_CN: '问题有新回答时发送消息' },
  ),
  eventField(
    FIELD.events['answer.accepted'],
    { en_US: 'Accepted answers', zh_CN: '采纳的回答' },
    { en_US: 'Post a message when an answer is accepted', zh_CN: '回答被采纳时发送消息' },
  ),
  {
    name: FIELD.tags,
    type: 'input',
    maxLength: 1000,
    title: { en_US: 'Only questions with these tags', zh_CN: '仅限带这些标签的问题' },
    description: {
      en_US: 'Tag slugs separated by commas, e.g. "javascript, node-js": only new questions with one of them are posted. Empty: every new question. Answers are posted whatever their tags.',
      zh_CN: '以逗号分隔的标签缩略名，例如“javascript, node-js”：只发送带其中任一标签的新问题。留空则发送所有新问题。回答不受标签限制。',
    },
    placeholder: 'javascript, node-js',
  },
  {
    name: FIELD.botName,
    type: 'input',
    maxLength: 80,
    title: { en_US: 'Bot display name', zh_CN: '机器人显示名称' },
    description: {
      en_US: 'The sender name on Discord and Mattermost (Mattermost must allow integrations to override user names). Slack and Teams show the name the webhook was set up with. Empty: the webhook’s own name.',
      zh_CN: '在 Discord 和 Mattermost 中显示的发送者名称（Mattermost 需允许集成覆盖用户名）。Slack 和 Teams 显示创建 Webhook 时设置的名称。留空则使用 Webhook 自己的名称。',
    },
    placeholder: 'Answer',
  },
  {
    name: FIELD.language,
    type: 'select',
    default: 'en_US',
    title: { en_US: 'Message language', zh_CN: '消息语言' },
    description: {
      en_US: 'The language of the plugin’s own words in messages (“New question”, “Author”…).',
      zh_CN: '消息中插件自身文字（如“新问题”“作者”）所用的语言。',
    },
    options: [
      { value: 'en_US', label: 'English' },
      { value: 'zh_CN', label: '简体中文' },
    ],
  },
  {
    name: FIELD.test,
    type: 'button',
    title: { en_US: 'Test', zh_CN: '测试' },
    description: {
      en_US: 'Sends a test message to every saved webhook. Save the form first.',
      zh_CN: '向每个已保存的 Webhook 发送一条测试消息。请先保存表单。',
    },
    text: { en_US: 'Send a test message', zh_CN: '发送测试消息' },
    variant: 'outline-secondary',
    action: { path: '/test', method: 'POST', loadingText: { en_US: 'Sending…', zh_CN: '发送中…' }, toastReturnMessage: true },
  },
];

// Plain http would show the credential (the URL) to the network; allowed only to this machine,
// where a developer's or a test's receiver listens.
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** Whether a webhook URL is one the plugin posts to: https, or http to this machine. */
export function acceptableWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

const ERROR = {
  https: { en_US: 'Use an https:// address (http:// only for 127.0.0.1 or localhost).', zh_CN: '请使用 https:// 地址（只有 127.0.0.1 或 localhost 可用 http://）。' },
  noEvent: { en_US: 'Turn on at least one kind of event, or clear the webhook URLs.', zh_CN: '请至少开启一种事件，或清空 Webhook 地址。' },
  discordName: {
    en_US: 'Discord refuses bot names that contain “discord” or “clyde”.',
    zh_CN: 'Discord 不接受包含“discord”或“clyde”的机器人名称。',
  },
} satisfies Record<string, Translatable>;

export function validate(values: ConfigValues): FieldError[] {
  const errors: FieldError[] = [];
  const webhooks = webhooksOf(values);
  for (const hook of webhooks) {
    if (!acceptableWebhookUrl(hook.url)) errors.push({ field: FIELD.url(hook.platform), message: ERROR.https });
  }
  // A switch never saved is on (its default), so only an explicit false counts as off.
  const anyEvent = Object.values(FIELD.events).some((name) => values[name] !== false);
  if (webhooks.length > 0 && !anyEvent) errors.push({ field: FIELD.events['question.created'], message: ERROR.noEvent });
  const botName = typeof values[FIELD.botName] === 'string' ? (values[FIELD.botName] as string).trim() : '';
  if (botName && webhooks.some((hook) => hook.platform === 'discord') && !discordAcceptsName(botName)) {
    errors.push({ field: FIELD.botName, message: ERROR.discordName });
  }
  return errors;
}

export const configForm: ConfigForm = { fields, validate };
