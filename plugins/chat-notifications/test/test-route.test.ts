import type { PluginRequest } from '@answer/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { fakeContext, WEBHOOKS } from './fake-context.ts';

const route = plugin.routes!.admin!.find((r) => r.method === 'POST' && r.path === '/test')!;
const request: PluginRequest = { method: 'POST', params: {}, query: {}, body: {}, user: { id: '1', username: 'admin', role: 'admin' }, language: 'en_US', ip: '127.0.0.1' };

describe('POST /test', () => {
  it('queues a test message to every configured webhook and says how many', async () => {
    const fake = fakeContext(WEBHOOKS);
    const reply = await route.handler(request, fake.ctx);
    expect(reply).toEqual({ message: { en_US: 'Test message queued to 4 webhooks.', zh_CN: '测试消息已排队发送到 4 个 Webhook。' } });
    expect(fake.queued.map((d) => d.url)).toEqual(Object.values(WEBHOOKS));
    const slack = fake.queued[0]!.body as { blocks: { text: { text: string } }[] };
    // The site's name is escaped like any title.
    expect(slack.blocks[0]!.text.text).toBe('*Test message*: <https://answers.example.com/|Example &lt;Answers&gt; @\u200bhere>');
  });

  it('sends again on every press', async () => {
    const fake = fakeContext({ teams_webhook_url: WEBHOOKS.teams_webhook_url });
    expect(await route.handler(request, fake.ctx)).toEqual({ message: expect.objectContaining({ en_US: 'Test message queued to 1 webhook.' }) });
    await route.handler(request, fake.ctx);
    expect(fake.queued).toHaveLength(2);
    expect(fake.queued[0]!.key).not.toBe(fake.queued[1]!.key);
    expect(fake.queued[0]!.key).toMatch(/^test:[0-9a-f-]{36}:teams:[0-9a-f]{16}$/);
  });

  it('says so when no webhook is saved', async () => {
    const fake = fakeContext({});
    const reply = await route.handler(request, fake.ctx);
    expect(reply).toMatchObject({ status: 400, message: { en_US: expect.stringContaining('No webhook') } });
    expect(fake.attempts).toEqual([]);
  });
});
