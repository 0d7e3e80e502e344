/// <reference path="../../plugins/s3-storage/test/s3rver.d.ts" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, body, installedSite, login, type TestSite } from './support/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_API = '/answer/admin/api';

/** The repository's plugins as `npm run build` leaves them (built here when a test run starts without it). */
function ensureBuilt() {
  if (!fs.existsSync(path.join(ROOT, 'plugins/chat-notifications/dist/server.js')) || !fs.existsSync(path.join(ROOT, 'plugins/s3-storage/dist/server.js'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-plugins.mjs')]);
  }
}

/** Chat platforms' incoming webhooks, stood in by one local receiver (path = platform); the first post fails. */
async function chatReceiver() {
  const got: { platform: string; body: Record<string, unknown> }[] = [];
  let failed = false;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (!failed) {
        failed = true;
        res.writeHead(503).end();
        return;
      }
      got.push({ platform: req.url!.slice(1), body: JSON.parse(text) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got, close: () => new Promise((r) => server.close(r)) };
}

describe('first-party plugins through the site', () => {
  let site: TestSite;
  let admin: string;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    site.app.inject({ method, url, headers: { authorization: admin, ...headers }, payload: payload as object });
  const enable = (slug: string) => call('PUT', `${ADMIN_API}/plugin/status`, { plugin_slug_name: slug, enabled: true });
  const configure = (slug: string, fields: Record<string, unknown>) => call('PUT', `${ADMIN_API}/plugin/config`, { plugin_slug_name: slug, config_fields: fields });

  beforeAll(async () => {
    ensureBuilt();
    site = await installedSite();
    admin = await login(site, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => site?.close());

  it('posts new questions to Slack, Discord, Teams and Mattermost in their formats, retried after a failure and once each', async () => {
    const hooks = await chatReceiver();
    try {
      expect((await enable('chat_notifications')).statusCode).toBe(200);
      const saved = await configure('chat_notifications', {
        slack_webhook_url: `${hooks.base}/slack`,
        discord_webhook_url: `${hooks.base}/discord`,
        teams_webhook_url: `${hooks.base}/teams`,
        mattermost_webhook_url: `${hooks.base}/mattermost`,
        notify_new_questions: true,
        notify_new_answers: true,
        notify_accepted_answers: true,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const asked = await call('POST', '/answer/api/v1/question', { title: 'Why does the build fail @everyone?', content: 'It fails with an error on every run.', tags: [{ slug_name: 'support' }] });
      expect(asked.statusCode, asked.body).toBe(200);
      for (let round = 0; round < 10 && hooks.got.length < 4; round++) {
        await site.runtime.outbox.idle();
        await site.runtime.database.updateTable('outbox').set({ available_at: 0 }).where('topic', '=', 'plugin.deliver').where('done_at', '=', 0).execute();
      }
      expect(hooks.got.map((g) => g.platform).sort()).toEqual(['discord', 'mattermost', 'slack', 'teams']);
      const of = (platform: string) => hooks.got.find((g) => g.platform === platform)!.body;
      expect(of('slack')).toHaveProperty('blocks');
      expect(of('discord')).toMatchObject({ allowed_mentions: { parse: [] } });
      expect(of('teams')).toMatchObject({ type: 'message' });
      expect(String(of('mattermost').text)).toContain('Why does the build fail');
      // The title's mass mention is broken in every format.
      for (const { body: sent } of hooks.got) expect(JSON.stringify(sent)).not.toContain('@everyone');
      await site.restart();
      admin = await login(site, ADMIN.email, ADMIN.password);
      await site.runtime.outbox.idle();
      expect(hooks.got).toHaveLength(4);
    } finally {
      await hooks.close();
    }
  });

  it('stores uploads in an S3-compatible bucket, served from there, and falls back to the disk when the bucket is gone', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-s3-'));
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'answer-files', configs: [] }] });
    const { port } = await s3.run();
    try {
      expect((await enable('s3_storage')).statusCode).toBe(200);
      const saved = await configure('s3_storage', {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'answer-files',
        access_key_id: 'S3RVER',
        secret_access_key: 'S3RVER',
        path_style: true,
        key_prefix: 'site/',
        url_mode: 'public',
        public_base_url: '',
        signed_url_minutes: 60,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#ff0000' } }).png().toBuffer();
      const boundary = '----answers3';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\npost\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = () => call('POST', '/answer/api/v1/file', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      const res = await upload();
      expect(res.statusCode, res.body).toBe(200);
      const url: string = body(res).data;
      expect(url.startsWith(`http://127.0.0.1:${port}/answer-files/site/post/`)).toBe(true);
      const stored = await fetch(url);
      expect(stored.headers.get('content-type')).toBe('image/png');
      expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(20);
      // Purging the only post that shows it removes it from the bucket.
      const asked = await call('POST', '/answer/api/v1/question', { title: 'A question with a picture in the bucket', content: `See ![red](${url}) here.`, tags: [{ slug_name: 'support' }] });
      expect(asked.statusCode, asked.body).toBe(200);
      const questionId = body(asked).data.id;
      expect((await call('PUT', `${ADMIN_API}/question/status`, { question_id: questionId, status: 'deleted' })).statusCode).toBe(200);
      expect(body(await call('POST', `${ADMIN_API}/question/purge`, { ids: [questionId] })).data[0]).toMatchObject({ ok: true });
      expect((await fetch(url)).status).toBe(404);
      // The bucket goes away: uploads still work, on the local disk, and the plugin shows as failed.
      await s3.close();
      const fallback = await upload();
      expect(body(fallback).data).toMatch(/^\/uploads\/post\//);
      const plugins = body(await call('GET', `${ADMIN_API}/plugins`)).data;
      expect(plugins.find((p: { slug_name: string }) => p.slug_name === 's3_storage').status).toBe('failed');
    } finally {
      await s3.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
