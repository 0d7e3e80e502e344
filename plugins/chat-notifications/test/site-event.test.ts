import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { fakeContext, siteEvent, WEBHOOKS } from './fake-context.ts';

const siteEventHook = plugin.notification!.siteEvent!;

describe('site events', () => {
  it('queues one message per configured webhook, keyed by event and webhook', async () => {
    const fake = fakeContext({ slack_webhook_url: WEBHOOKS.slack_webhook_url, mattermost_webhook_url: WEBHOOKS.mattermost_webhook_url });
    await siteEventHook(siteEvent(), fake.ctx);
    expect(fake.queued.map((d) => d.url)).toEqual([WEBHOOKS.slack_webhook_url, WEBHOOKS.mattermost_webhook_url]);
    expect(fake.queued.map((d) => d.key)).toEqual([expect.stringMatching(/^evt-1:slack:[0-9a-f]{16}$/), expect.stringMatching(/^evt-1:mattermost:[0-9a-f]{16}$/)]);
    // The key never holds the webhook URL: it is a credential.
    expect(fake.queued.some((d) => d.key.includes('127.0.0.1') || d.key.includes('chat.example.com'))).toBe(false);
  });

  it('asks for the same keys when the hook runs again for the same event', async () => {
    const fake = fakeContext(WEBHOOKS);
    await siteEventHook(siteEvent(), fake.ctx);
    await siteEventHook(siteEvent(), fake.ctx);
    const keys = fake.attempts.map((d) => d.key);
    expect(keys.slice(0, 4)).toEqual(keys.slice(4));
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(fake.queued).toHaveLength(4);
    await siteEventHook(siteEvent({ id: 'evt-2' }), fake.ctx);
    expect(fake.queued).toHaveLength(8);
  });

  it('gives another key when a webhook URL changes', async () => {
    const first = fakeContext({ slack_webhook_url: 'https://hooks.example.com/a' });
    const second = fakeContext({ slack_webhook_url: 'https://hooks.example.com/b' });
    await siteEventHook(siteEvent(), first.ctx);
    await siteEventHook(siteEvent(), second.ctx);
    expect(first.queued[0]!.key).not.toBe(second.queued[0]!.key);
  });

  it('queues the other webhooks when one fails, then fails without showing the URL; a retry sends only what is missing', async () => {
    const fake = fakeContext(WEBHOOKS);
    fake.failFor = (url) => url === WEBHOOKS.discord_webhook_url;
    const run = siteEventHook(siteEvent(), fake.ctx);
    await expect(run).rejects.toThrow(/1 of 4 chat messages not queued \(discord: connection refused: \[discord webhook\]\)/);
    await run.catch((error: Error) => expect(error.message).not.toContain(WEBHOOKS.discord_webhook_url));
    expect(fake.queued.map((d) => d.url)).toEqual([WEBHOOKS.slack_webhook_url, WEBHOOKS.teams_webhook_url, WEBHOOKS.mattermost_webhook_url]);
    expect(JSON.stringify(fake.errors)).not.toContain(WEBHOOKS.discord_webhook_url);
    fake.failFor = undefined;
    await siteEventHook(siteEvent(), fake.ctx);
    expect(fake.queued.map((d) => d.url).sort()).toEqual(Object.values(WEBHOOKS).sort());
  });

  it('does nothing without webhooks', async () => {
    const fake = fakeContext({ slack_webhook_url: '  ' });
    await siteEventHook(siteEvent(), fake.ctx);
    expect(fake.attempts).toEqual([]);
  });
});

describe('event switches', () => {
  const events = [
    siteEvent({ type: 'question.created', id: 'q' }),
    siteEvent({ type: 'answer.created', id: 'a', answerUrl: 'https://answers.example.com/questions/1/x/2' }),
    siteEvent({ type: 'answer.accepted', id: 'acc', answerUrl: 'https://answers.example.com/questions/1/x/2' }),
  ];
  const sentIds = async (config: Record<string, unknown>) => {
    const fake = fakeContext({ slack_webhook_url: WEBHOOKS.slack_webhook_url, ...config });
    for (const event of events) await siteEventHook(event, fake.ctx);
    return fake.queued.map((d) => d.key.split(':')[0]);
  };

  it('posts every kind when the switches were never saved', async () => {
    expect(await sentIds({})).toEqual(['q', 'a', 'acc']);
  });

  it('posts only the kinds switched on', async () => {
    expect(await sentIds({ notify_new_questions: false })).toEqual(['a', 'acc']);
    expect(await sentIds({ notify_new_answers: false })).toEqual(['q', 'acc']);
    expect(await sentIds({ notify_accepted_answers: false, notify_new_questions: false })).toEqual(['a']);
  });

  it('ignores event types it does not know', async () => {
    const fake = fakeContext(WEBHOOKS);
    await siteEventHook(siteEvent({ type: 'comment.created' as never }), fake.ctx);
    expect(fake.attempts).toEqual([]);
  });

  it('links the answer for answers only', async () => {
    const fake = fakeContext({ mattermost_webhook_url: WEBHOOKS.mattermost_webhook_url });
    for (const event of events) await siteEventHook(event, fake.ctx);
    const texts = fake.queued.map((d) => (d.body as { text: string }).text);
    expect(texts[0]).not.toContain('View answer');
    expect(texts[1]).toContain('[View answer](https://answers.example.com/questions/1/x/2)');
    expect(texts[2]).toMatch(/^\*\*Answer accepted\*\*/);
  });

  it('writes its own words in the chosen language', async () => {
    const fake = fakeContext({ mattermost_webhook_url: WEBHOOKS.mattermost_webhook_url, message_language: 'zh_CN' });
    await siteEventHook(events[1]!, fake.ctx);
    const text = (fake.queued[0]!.body as { text: string }).text;
    expect(text).toMatch(/^\*\*新回答\*\*: /);
    expect(text).toContain('作者: ');
    expect(text).toContain('[查看回答]');
  });
});

describe('tag filter', () => {
  const sent = async (tags: string, event: ReturnType<typeof siteEvent>) => {
    const fake = fakeContext({ slack_webhook_url: WEBHOOKS.slack_webhook_url, tags });
    await siteEventHook(event, fake.ctx);
    return fake.queued.length;
  };

  it('posts a new question only when it has one of the tags (any case, either comma)', async () => {
    expect(await sent('JavaScript, rust', siteEvent({ tags: ['javascript'] }))).toBe(1);
    expect(await sent('python，Rust', siteEvent({ tags: ['RUST', 'wasm'] }))).toBe(1);
    expect(await sent('javascript, rust', siteEvent({ tags: ['node-js'] }))).toBe(0);
    expect(await sent('javascript', siteEvent({ tags: [] }))).toBe(0);
  });

  it('posts every new question when the list is empty', async () => {
    expect(await sent('', siteEvent({ tags: [] }))).toBe(1);
    expect(await sent(' , ', siteEvent({ tags: ['x'] }))).toBe(1);
  });

  it('does not filter answers', async () => {
    expect(await sent('javascript', siteEvent({ type: 'answer.created', tags: ['node-js'], answerUrl: 'https://answers.example.com/a' }))).toBe(1);
  });
});
