import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, body, member, type TestSite, useSmtp } from './support/app.js';
import { startSmtpReceiver } from './support/smtp.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { guardedLookup, isPrivateAddress } from '../src/features/webhook/address.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; data: Record<string, any> };
}

/** A webhook receiver on a free loopback port: records what it gets, answers as told. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body: text, json: JSON.parse(text) });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, state, close: () => new Promise((r) => server.close(r)) };
}

describe.each(dialectTargets())('webhooks on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hook: { id: number; secret: string };
  let seq = 0;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
    site.app.inject({ method, url, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  const settle = () => site.runtime.outbox.idle();
  const ask = async (tag = 'webhook-general') =>
    (await ok(call('POST', `${API}/question`, { title: `A question for the webhooks number ${++seq}`, content: 'A body long enough for a question.', tags: [{ slug_name: tag }] }))).id as string;
  /** Makes every waiting delivery due now (the outbox would wait its back-off). */
  const retryNow = async () => {
    await site.runtime.database.updateTable('outbox').set({ available_at: 0 }).where('topic', '=', 'webhook.deliver').where('done_at', '=', 0).execute();
    await settle();
  };
  const newest = () => receiver.received.at(-1)!;

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await stop?.();
  });
  beforeEach(() => {
    receiver.state.status = 200;
  });

  it('refuses local and private addresses unless allowed, and other bad input with field errors', async () => {
    for (const url of [receiver.url, 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/', 'http://localhost:9/x', 'http://10.1.2.3/']) {
      const res = await call('POST', `${ADMIN_API}/webhook`, { url, events: ['question.created'] });
      expect([url, res.statusCode, body(res).data?.[0]?.error_field]).toEqual([url, 400, 'url']);
    }
    const bad = await call('POST', `${ADMIN_API}/webhook`, { url: 'ftp://example.com/x', events: [] });
    expect(body(bad).data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['events', 'url']);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    // Checked again when connecting: a name that resolves to a local address is refused there.
    const error = await new Promise<Error | null>((resolve) => guardedLookup(false)('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toMatch(/private or local/);
  });

  it('delivers a signed event with its id to an allowed endpoint', async () => {
    const created = await ok(call('POST', `${ADMIN_API}/webhook`, { url: receiver.url, description: 'Local receiver', events: ['question.created', 'answer.created', 'question.deleted', 'comment.created', 'vote'], allow_private: true }));
    expect(created.secret).toMatch(/^whsec_/);
    hook = { id: created.id, secret: created.secret };
    const id = await ask();
    await settle();
    const got = newest();
    expect(got.json).toMatchObject({ event: 'question.created', data: { question: { id, visible: true, title: `A question for the webhooks number ${seq}`, tags: ['webhook-general'] } } });
    expect(got.headers['x-answer-event']).toBe('question.created');
    expect(got.headers['x-answer-event-id']).toBe(got.json.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got.headers['x-answer-signature']))!;
    expect(createHmac('sha256', hook.secret).update(`${t}.${got.body}`).digest('hex')).toBe(v1);
    const log = await ok(call('GET', `${ADMIN_API}/webhook/deliveries?webhook_id=${hook.id}`));
    expect(log.list[0]).toMatchObject({ event: 'question.created', status: 'ok', attempts: 1, response_status: 200, response_body: 'thanks' });
  });

  it('retries a failing receiver with growing gaps, with the same event id, and never sends it twice after', async () => {
    receiver.state.status = 500;
    const before = receiver.received.length;
    await ask();
    await settle();
    const first = newest().json.id;
    const gaps: number[] = [];
    for (let i = 0; i < 2; i++) {
      const row = await site.runtime.database.selectFrom('outbox').select(['available_at']).where('topic', '=', 'webhook.deliver').where('done_at', '=', 0).executeTakeFirstOrThrow();
      gaps.push(Number(row.available_at) - Math.floor(Date.now() / 1000));
      await retryNow();
    }
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    receiver.state.status = 200;
    // A restart in the middle loses nothing: the waiting delivery is still there.
    await site.restart();
    await retryNow();
    const attempts = receiver.received.slice(before);
    expect(attempts.length).toBe(4);
    expect(new Set(attempts.map((r) => r.json.id))).toEqual(new Set([first]));
    await retryNow();
    expect(receiver.received.length).toBe(before + 4);
    const log = await ok(call('GET', `${ADMIN_API}/webhook/deliveries?webhook_id=${hook.id}`));
    expect(log.list[0]).toMatchObject({ status: 'ok', attempts: 4 });
  });

  it('never sends deleted content or a private site\'s content in full', async () => {
    const id = await ask();
    await ok(call('DELETE', `${API}/question`, { id }));
    await settle();
    expect(newest().json).toMatchObject({ event: 'question.deleted', data: { question: { id, visible: false } } });
    expect(newest().body).not.toContain('A body long enough');
    const login = await ok(call('GET', `${ADMIN_API}/siteinfo/login`));
    await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, { ...login, login_required: true }));
    try {
      await ask();
      await settle();
      expect(newest().json.event).toBe('question.created');
      expect(newest().json.data.question).toEqual({ id: expect.any(String), visible: false });
    } finally {
      await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, { ...login, login_required: false }));
    }
  });

  it('sends only events about the tags it asks for, a test ping on demand, and redelivers with the same id', async () => {
    const tagged = await ok(call('POST', `${ADMIN_API}/webhook`, { url: receiver.url, events: ['question.created'], tags: ['webhook-only'], allow_private: true }));
    const before = receiver.received.length;
    await ask('webhook-general');
    await settle();
    const general = receiver.received.slice(before).length;
    await ask('webhook-only');
    await settle();
    // The general endpoint heard both; the tagged one only the second.
    expect(receiver.received.length - before).toBe(general + 2);
    await ok(call('POST', `${ADMIN_API}/webhook/test`, { id: tagged.id }));
    await settle();
    expect(newest().json).toMatchObject({ event: 'ping' });
    const log = await ok(call('GET', `${ADMIN_API}/webhook/deliveries?webhook_id=${tagged.id}`));
    expect(log.count).toBe(2);
    await ok(call('POST', `${ADMIN_API}/webhook/redeliver`, { delivery_id: log.list[1].id }));
    await settle();
    expect(newest().json.id).toBe(log.list[1].event_id);
    await ok(call('DELETE', `${ADMIN_API}/webhook`, { id: tagged.id }));
  });

  it('switches an endpoint off after a run of failures, says why and mails the administrators; saving it on again resets it', async () => {
    const smtp = await startSmtpReceiver();
    await useSmtp(site, smtp.port);
    await site.runtime.database.updateTable('webhook').set({ failure_count: 14 }).where('id', '=', String(hook.id)).execute();
    receiver.state.status = 503;
    await ask();
    await settle();
    const item = (await ok(call('GET', `${ADMIN_API}/webhooks`))).find((h: { id: number }) => h.id === hook.id);
    expect(item).toMatchObject({ enabled: false, failure_count: 15, disabled_reason: expect.stringContaining('503') });
    const mail = await smtp.waitFor(ADMIN.email, 0, 'switched off');
    expect(mail.raw).toContain(`/admin/webhooks/${hook.id}`);
    await smtp.close();
    const before = receiver.received.length;
    await ask();
    await settle();
    expect(receiver.received.length).toBe(before);
    await ok(call('PUT', `${ADMIN_API}/webhook`, { id: hook.id, url: item.url, events: item.events, tags: [], enabled: true, allow_private: true }));
    const again = (await ok(call('GET', `${ADMIN_API}/webhooks`))).find((h: { id: number }) => h.id === hook.id);
    expect(again).toMatchObject({ enabled: true, failure_count: 0, disabled_reason: '' });
    // Members cannot see or change any of it.
    const someone = await member(site, `hookmember${target.name.slice(0, 3)}`);
    expect((await call('GET', `${ADMIN_API}/webhooks`, undefined, someone.token)).statusCode).toBe(403);
  });
});
