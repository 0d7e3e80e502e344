import { randomBytes } from 'node:crypto';
import type { PluginContext, PluginReply } from '@answer/plugin-sdk';
import { BucketError, deleteObject, getObjectBytes, putObject } from './bucket.js';
import { readSettings } from './settings.js';
import { checkUsable } from './usable.js';

const detailOf = (error: unknown): string => (error instanceof BucketError ? error.detail : 'unexpected error');

const failed = (step: string, message: { en_US: string; zh_CN: string }): PluginReply => ({ status: 400, data: { ok: false, step }, message });

/**
 * The form's "Test connection" button (admin route `POST /test`): writes a small object under the
 * prefix, reads it back, compares and deletes it, and says which step worked or failed. It uses
 * the saved settings, since those are what uploads will use.
 */
export async function testConnection(ctx: PluginContext): Promise<PluginReply> {
  const settings = readSettings(ctx.config());
  const problem = checkUsable(settings);
  if (problem) return failed('config', problem);

  const bucket = settings.bucket;
  // A random name: two admins testing at once, or two sites sharing the prefix, never collide.
  const key = `${settings.prefix}answer-connection-test-${randomBytes(8).toString('hex')}.txt`;
  const body = new TextEncoder().encode(`Answer connection test ${new Date().toISOString()}\n`);

  try {
    await putObject(settings, { key, body, contentType: 'text/plain', contentDisposition: 'attachment', cacheControl: 'no-store' });
  } catch (error) {
    const detail = detailOf(error);
    return failed('write', { en_US: `Writing a test object to bucket "${bucket}" failed: ${detail}`, zh_CN: `向存储桶“${bucket}”写入测试对象失败：${detail}` });
  }

  let reply: PluginReply | undefined;
  try {
    const read = await getObjectBytes(settings, key);
    if (Buffer.compare(Buffer.from(read), Buffer.from(body)) !== 0) {
      reply = failed('read', { en_US: 'Writing worked, but the object read back held other bytes.', zh_CN: '写入成功，但读回的内容与写入的不一致。' });
    }
  } catch (error) {
    const detail = detailOf(error);
    reply = failed('read', { en_US: `Writing worked, but reading the object back failed: ${detail}`, zh_CN: `写入成功，但读回失败：${detail}` });
  }

  // Delete in every case, so a failed read does not leave the test object behind.
  try {
    await deleteObject(settings, key);
  } catch (error) {
    const detail = detailOf(error);
    return (
      reply ??
      failed('delete', {
        en_US: `Writing and reading back worked, but deleting the test object failed: ${detail}`,
        zh_CN: `写入和读回成功，但删除测试对象失败：${detail}`,
      })
    );
  }
  return (
    reply ?? {
      data: { ok: true },
      message: {
        en_US: `Connection works: wrote, read back and deleted a test object in bucket "${bucket}".`,
        zh_CN: `连接正常：已在存储桶“${bucket}”中写入、读回并删除测试对象。`,
      },
    }
  );
}
