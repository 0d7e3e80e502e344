import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { translate, type PluginRequest } from '@answer/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { ACCESS_KEY, SECRET_KEY, closedPort, configFor, fakeContext, routeOf, startS3, type RunningS3 } from './harness.ts';

let s3: RunningS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

const route = routeOf(plugin.routes?.admin, 'POST', '/test');
const admin: PluginRequest = { method: 'POST', params: {}, query: {}, body: {}, user: { id: '1', username: 'admin', role: 'admin' }, language: 'en_US', ip: '127.0.0.1' };

async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY } });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

const messageOf = (reply: unknown, language = 'en_US') => translate((reply as { message?: Record<string, string> }).message, language);

describe('POST /test (the form\'s "Test connection" button)', () => {
  it('is the route the form\'s button calls', () => {
    const button = plugin.config?.fields.find((field) => field.type === 'button');
    expect(button?.action).toMatchObject({ path: '/test', method: 'POST' });
  });

  it('writes, reads back and deletes a test object, and says so in both languages', async () => {
    const before = await keysInBucket();
    const reply = await route.handler(admin, fakeContext(configFor(s3)));
    expect(reply).toMatchObject({ data: { ok: true } });
    expect('status' in reply ? reply.status : undefined).toBeUndefined();
    expect(messageOf(reply)).toBe(`Connection works: wrote, read back and deleted a test object in bucket "${s3.bucket}".`);
    expect(messageOf(reply, 'zh_CN')).toContain('连接正常');
    // Nothing left behind.
    expect(await keysInBucket()).toEqual(before);
  });

  it('reports a refused key at the write step without echoing the secret', async () => {
    const secret = 'a-very-secret-value-0123456789';
    const reply = await route.handler(admin, fakeContext(configFor(s3, { access_key_id: 'UNKNOWNKEY', secret_access_key: secret })));
    expect(reply).toMatchObject({ status: 400, data: { ok: false, step: 'write' } });
    expect(messageOf(reply)).toMatch(/^Writing a test object to bucket "answer-files" failed: InvalidAccessKeyId \(HTTP 403\)/);
    expect(messageOf(reply, 'zh_CN')).toContain('写入测试对象失败');
    expect(JSON.stringify(reply)).not.toContain(secret);
  });

  it('names a missing bucket', async () => {
    const reply = await route.handler(admin, fakeContext(configFor(s3, { bucket: 'no-such-bucket' })));
    expect(reply).toMatchObject({ status: 400, data: { step: 'write' } });
    expect(messageOf(reply)).toContain('NoSuchBucket (HTTP 404)');
  });

  it('reports a refused connection', async () => {
    const reply = await route.handler(admin, fakeContext(configFor(s3, { endpoint: `http://127.0.0.1:${await closedPort()}` })));
    expect(reply).toMatchObject({ status: 400, data: { step: 'write' } });
    expect(messageOf(reply)).toContain('ECONNREFUSED');
  });

  it('asks for the settings when none are saved', async () => {
    const reply = await route.handler(admin, fakeContext({ url_mode: 'public' }));
    expect(reply).toMatchObject({ status: 400, data: { step: 'config' } });
    expect(messageOf(reply)).toContain('No bucket is set');
  });
});
