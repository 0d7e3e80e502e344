import type { ConfigForm } from '@answer/plugin-sdk';
import { DEFAULT_SIGNED_MINUTES, FIELD, MAX_SIGNED_MINUTES, MIN_SIGNED_MINUTES } from './settings.js';
import { validateConfig } from './validation.js';

/** The admin's form (`/admin/s3_storage`). */
export const configForm: ConfigForm = {
  fields: [
    {
      name: FIELD.endpoint,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Endpoint URL', zh_CN: '服务端点 URL' },
      description: {
        en_US: "Your provider's S3 API address, e.g. https://<account>.r2.cloudflarestorage.com or http://minio.internal:9000. Leave empty for Amazon S3.",
        zh_CN: '存储服务的 S3 API 地址，例如 https://<account>.r2.cloudflarestorage.com 或 http://minio.internal:9000。使用 Amazon S3 时留空。',
      },
      placeholder: 'https://s3.example.com',
      default: '',
    },
    {
      name: FIELD.region,
      type: 'input',
      title: { en_US: 'Region', zh_CN: '区域' },
      description: {
        en_US: 'e.g. eu-central-1. Required for Amazon S3; Cloudflare R2 uses auto; MinIO accepts us-east-1.',
        zh_CN: '例如 eu-central-1。使用 Amazon S3 时必填；Cloudflare R2 填 auto；MinIO 可填 us-east-1。',
      },
      placeholder: 'us-east-1',
      default: 'us-east-1',
      maxLength: 32,
    },
    {
      name: FIELD.bucket,
      type: 'input',
      title: { en_US: 'Bucket', zh_CN: '存储桶' },
      description: { en_US: 'The bucket must exist already.', zh_CN: '存储桶须事先创建。' },
      required: true,
      maxLength: 63,
    },
    {
      name: FIELD.accessKeyId,
      type: 'input',
      title: { en_US: 'Access key ID', zh_CN: '访问密钥 ID' },
      description: {
        en_US: "Leave both keys empty to use the server's own credentials (environment variables or an IAM role).",
        zh_CN: '两个密钥都留空时，将使用服务器自身的凭证（环境变量或 IAM 角色）。',
      },
      default: '',
      maxLength: 256,
    },
    {
      name: FIELD.secretAccessKey,
      type: 'input',
      inputType: 'password',
      title: { en_US: 'Secret access key', zh_CN: '秘密访问密钥' },
      secret: true,
      default: '',
      maxLength: 256,
    },
    {
      name: FIELD.pathStyle,
      type: 'switch',
      title: { en_US: 'Path-style addressing', zh_CN: '路径样式访问' },
      label: { en_US: 'Address the bucket as endpoint/bucket rather than bucket.endpoint', zh_CN: '以“端点/存储桶”而非“存储桶.端点”的形式访问存储桶' },
      description: {
        en_US: 'MinIO and most self-hosted services need this. It is used anyway when the endpoint is an IP address or the bucket name has dots.',
        zh_CN: 'MinIO 和大多数自建服务需要开启。端点为 IP 地址或存储桶名称含点时会自动使用。',
      },
      default: false,
    },
    {
      name: FIELD.prefix,
      type: 'input',
      title: { en_US: 'Key prefix', zh_CN: '对象键前缀' },
      description: {
        en_US: "Optional folder for this site's files in the bucket, e.g. answer/. Letters, digits, '.', '_', '-' and '/'.",
        zh_CN: '可选，本站文件在存储桶中的目录，例如 answer/。可使用字母、数字、“.”、“_”、“-”和“/”。',
      },
      placeholder: 'answer/',
      default: '',
      maxLength: 256,
    },
    {
      name: FIELD.urlMode,
      type: 'radio',
      title: { en_US: 'File links', zh_CN: '文件链接' },
      options: [
        {
          value: 'public',
          label: {
            en_US: 'Public: links point straight at the bucket or the public base URL (the bucket must allow public reads)',
            zh_CN: '公开：链接直接指向存储桶或公开访问地址（存储桶须允许公开读取）',
          },
        },
        {
          value: 'signed',
          label: {
            en_US: 'Signed: links go through this site, which redirects to a short-lived signed URL (private buckets)',
            zh_CN: '签名：链接经由本站跳转到有时效的签名链接（适用于私有存储桶）',
          },
        },
      ],
      default: 'public',
    },
    {
      name: FIELD.publicBaseUrl,
      type: 'input',
      inputType: 'url',
      title: { en_US: 'Public base URL', zh_CN: '公开访问地址' },
      description: {
        en_US: "Where the bucket's files are public, e.g. a CDN or an R2 public bucket domain. Empty: the endpoint's own address. Not used for signed links.",
        zh_CN: '存储桶文件的公开访问地址，例如 CDN 或 R2 公开存储桶域名。留空则使用端点自身的地址。签名链接不使用此项。',
      },
      placeholder: 'https://files.example.com',
      default: '',
    },
    {
      name: FIELD.signedMinutes,
      type: 'input',
      inputType: 'number',
      title: { en_US: 'Signed link lifetime (minutes)', zh_CN: '签名链接有效期（分钟）' },
      description: { en_US: 'How long a signed link works once a visitor opens the file: 1 to 10080 (7 days).', zh_CN: '访客打开文件后签名链接的有效时长：1 到 10080（7 天）。' },
      min: MIN_SIGNED_MINUTES,
      max: MAX_SIGNED_MINUTES,
      default: DEFAULT_SIGNED_MINUTES,
    },
    {
      name: FIELD.testConnection,
      type: 'button',
      title: { en_US: 'Connection', zh_CN: '连接' },
      description: {
        en_US: 'Writes, reads back and deletes a small test object with the saved settings: save first.',
        zh_CN: '使用已保存的设置写入、读回并删除一个小测试对象：请先保存。',
      },
      text: { en_US: 'Test connection', zh_CN: '测试连接' },
      variant: 'outline-secondary',
      action: { path: '/test', method: 'POST', loadingText: { en_US: 'Testing…', zh_CN: '测试中…' }, toastReturnMessage: true },
    },
  ],
  validate: validateConfig,
};
