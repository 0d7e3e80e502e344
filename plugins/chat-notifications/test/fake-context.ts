/**
 * A PluginContext for tests: the config given, and an outbox that records every delivery asked for
 * and, like the host's, queues each key once.
 */
import type { ConfigValues, OutboxDelivery, PluginContext, SiteEvent } from '@answer/plugin-sdk';

export interface FakeContext {
  ctx: PluginContext;
  /** Every call of deliver, duplicates included. */
  attempts: OutboxDelivery[];
  /** What the outbox queued (one per key). */
  queued: OutboxDelivery[];
  errors: { message: string; details?: Record<string, unknown> }[];
  /** Makes deliver throw for URLs this returns true for. */
  failFor?: (url: string) => boolean;
}

export function fakeContext(config: ConfigValues): FakeContext {
  const fake: FakeContext = { attempts: [], queued: [], errors: [], ctx: undefined as unknown as PluginContext };
  const keys = new Set<string>();
  const store = new Map<string, string>();
  fake.ctx = {
    slug: 'chat_notifications',
    config: () => config,
    userConfig: async () => ({}),
    log: { info() {}, warn() {}, error: (message, details) => void fake.errors.push({ message, details }) },
    siteUrl: async () => 'https://answers.example.com',
    siteName: async () => 'Example <Answers> @here',
    markdown: (text) => text,
    deliver: async (delivery) => {
      fake.attempts.push(delivery);
      if (fake.failFor?.(delivery.url)) throw new Error(`connection refused: ${delivery.url}`);
      if (keys.has(delivery.key)) return;
      keys.add(delivery.key);
      fake.queued.push(delivery);
    },
    store: {
      get: async (key) => store.get(key),
      set: async (key, value) => void store.set(key, value),
      delete: async (key) => void store.delete(key),
      add: async (key, value) => (store.has(key) ? false : (store.set(key, value), true)),
    },
  };
  return fake;
}

export const WEBHOOKS = {
  slack_webhook_url: 'http://127.0.0.1:9/slack',
  discord_webhook_url: 'http://localhost:9/discord',
  teams_webhook_url: 'https://example.webhook.office.com/teams',
  mattermost_webhook_url: 'https://chat.example.com/hooks/abc',
};

export const HOSTILE_TITLE = '<!channel> *x* [a](http://evil) @everyone';

export function siteEvent(overrides: Partial<SiteEvent> = {}): SiteEvent {
  return {
    type: 'question.created',
    id: 'evt-1',
    questionTitle: 'How do I read a file?',
    questionUrl: 'https://answers.example.com/questions/10010000000000001/how-do-i-read-a-file',
    tags: ['node-js', 'fs'],
    authorName: 'Ada',
    authorUrl: 'https://answers.example.com/users/ada',
    excerpt: 'I tried fs.readFile but it returns a Buffer.',
    createdAt: 1_700_000_000,
    ...overrides,
  };
}
