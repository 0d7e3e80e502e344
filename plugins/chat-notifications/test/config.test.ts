import { pluginTypes } from '@answer/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';

const form = plugin.config!;
const validate = (values: Record<string, unknown>) => form.validate!(values);
const field = (name: string) => form.fields.find((f) => f.name === name)!;
const URL_FIELDS = ['slack_webhook_url', 'discord_webhook_url', 'teams_webhook_url', 'mattermost_webhook_url'];

describe('plugin info', () => {
  it('names the plugin in both languages', () => {
    expect(plugin.info).toMatchObject({ slug_name: 'chat_notifications', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
    expect(plugin.info.name).toEqual({ en_US: 'Chat notifications', zh_CN: '聊天通知' });
    expect(Object.keys(plugin.info.description as object)).toEqual(['en_US', 'zh_CN']);
    expect(pluginTypes(plugin)).toEqual(['config', 'agent', 'notification']);
  });
});

describe('config form', () => {
  it('has a secret URL field per platform, a switch per event kind, tags, a bot name and a test button', () => {
    for (const name of URL_FIELDS) expect(field(name)).toMatchObject({ type: 'input', inputType: 'url', secret: true });
    for (const name of ['notify_new_questions', 'notify_new_answers', 'notify_accepted_answers']) expect(field(name)).toMatchObject({ type: 'switch', default: true });
    expect(field('tags')).toMatchObject({ type: 'input' });
    expect(field('bot_name')).toMatchObject({ type: 'input', maxLength: 80 });
    expect(field('send_test')).toMatchObject({ type: 'button', action: { path: '/test', method: 'POST' } });
    expect(plugin.routes?.admin?.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /test']);
  });

  it('titles and describes every field in English and Chinese', () => {
    for (const f of form.fields) {
      // A switch explains itself with the label beside it.
      for (const text of [f.title, f.description ?? f.label]) {
        expect(Object.keys(text as object), f.name).toEqual(['en_US', 'zh_CN']);
        expect((text as Record<string, string>).zh_CN, f.name).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});

describe('config validation', () => {
  it('accepts an empty form and https URLs', async () => {
    expect(await validate({})).toEqual([]);
    expect(await validate({ slack_webhook_url: 'https://hooks.slack.com/services/T/B/x', teams_webhook_url: 'https://prod.westeurope.logic.azure.com/workflows/1' })).toEqual([]);
  });

  it('accepts http only to this machine', async () => {
    expect(await validate({ slack_webhook_url: 'http://127.0.0.1:8080/hook', mattermost_webhook_url: 'http://localhost/hooks/x' })).toEqual([]);
    const errors = await validate({
      slack_webhook_url: 'http://hooks.example.com/x',
      discord_webhook_url: 'http://localhost.evil.example/x',
      mattermost_webhook_url: 'ftp://127.0.0.1/x',
      teams_webhook_url: 'not a url',
    });
    expect(errors.map((e) => e.field)).toEqual(URL_FIELDS);
    expect(errors[0]!.message).toMatchObject({ en_US: expect.stringContaining('https://'), zh_CN: expect.stringContaining('https://') });
  });

  it('wants an event kind on once a webhook is set', async () => {
    const off = { notify_new_questions: false, notify_new_answers: false, notify_accepted_answers: false };
    expect(await validate(off)).toEqual([]);
    const errors = await validate({ ...off, discord_webhook_url: 'https://discord.com/api/webhooks/1/x' });
    expect(errors).toEqual([{ field: 'notify_new_questions', message: expect.objectContaining({ en_US: expect.stringContaining('at least one') }) }]);
    expect(await validate({ ...off, notify_accepted_answers: true, discord_webhook_url: 'https://discord.com/api/webhooks/1/x' })).toEqual([]);
  });

  it('refuses a bot name Discord would refuse, only when Discord is set', async () => {
    expect(await validate({ bot_name: 'Clyde', mattermost_webhook_url: 'https://chat.example.com/hooks/x' })).toEqual([]);
    const errors = await validate({ bot_name: 'Clyde', discord_webhook_url: 'https://discord.com/api/webhooks/1/x' });
    expect(errors.map((e) => e.field)).toEqual(['bot_name']);
  });
});
