/**
 * S3-compatible storage (Amazon S3, Cloudflare R2, MinIO, Backblaze B2, ...): the host hands every
 * verified upload to `storage.upload` and stores the URL it returns; `remove` deletes on purges.
 * Files are linked either straight to the bucket (public mode) or through this plugin's public
 * route, which redirects to a short-lived presigned URL (signed mode, for private buckets).
 */
import { type PluginContext, SDK_VERSION, definePlugin } from '@answer/plugin-sdk';
import { deleteObject, presignedGetUrl, putObject } from './bucket.js';
import { configForm } from './config-form.js';
import { testConnection } from './connection-test.js';
import { assertValidKey, isValidKey, objectKey } from './keys.js';
import { cacheControl, contentHeaders } from './object-headers.js';
import { type S3Settings, readSettings } from './settings.js';
import { checkUsable } from './usable.js';
import { FILE_ROUTE_PREFIX, SLUG, publicUrl, signedRouteUrl } from './urls.js';

/** The saved settings, or an error the host logs and shows on the plugins page (it then stores locally). */
function usableSettings(ctx: PluginContext): S3Settings {
  const settings = readSettings(ctx.config());
  const problem = checkUsable(settings);
  if (problem) throw new Error(`s3_storage: ${problem.en_US}`);
  return settings;
}

const notFound = { status: 404, message: { en_US: 'File not found.', zh_CN: '文件不存在。' } };

export default definePlugin({
  info: {
    slug_name: SLUG,
    name: { en_US: 'S3-compatible storage', zh_CN: 'S3 兼容存储' },
    description: {
      en_US: 'Stores uploaded files in an S3-compatible bucket (Amazon S3, Cloudflare R2, MinIO...) and links them publicly or through signed URLs.',
      zh_CN: '将上传的文件保存到 S3 兼容的存储桶（Amazon S3、Cloudflare R2、MinIO 等），通过公开链接或签名链接访问。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: SDK_VERSION,
  },
  config: configForm,

  storage: {
    async upload({ key, data, mime }, ctx) {
      assertValidKey(key);
      const settings = usableSettings(ctx);
      const stored = objectKey(settings, key);
      await putObject(settings, { key: stored, body: data, ...contentHeaders(mime), cacheControl: cacheControl(key, settings.urlMode) });
      const url = settings.urlMode === 'signed' ? signedRouteUrl(await ctx.siteUrl(), key) : publicUrl(settings, stored);
      return { url };
    },

    async remove(key, ctx) {
      assertValidKey(key);
      const settings = usableSettings(ctx);
      await deleteObject(settings, objectKey(settings, key));
    },
  },

  routes: {
    public: [
      {
        // Served in public mode too: links stored while the site was in signed mode keep working.
        method: 'GET',
        path: `${FILE_ROUTE_PREFIX}*`,
        async handler(request, ctx) {
          const key = request.params['*'] ?? '';
          // Only keys this plugin could have written: nothing else of the bucket is ever signed.
          if (!isValidKey(key)) return notFound;
          const settings = readSettings(ctx.config());
          if (checkUsable(settings)) return notFound;
          return { redirect: await presignedGetUrl(settings, objectKey(settings, key)) };
        },
      },
    ],
    admin: [{ method: 'POST', path: '/test', handler: (_request, ctx) => testConnection(ctx) }],
  },
});
