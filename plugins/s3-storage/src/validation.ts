import { isIP } from 'node:net';
import type { ConfigValues, FieldError, Translatable } from '@answer/plugin-sdk';
import { isValidPrefix } from './keys.js';
import { FIELD, MAX_SIGNED_MINUTES, MIN_SIGNED_MINUTES, normalizePrefix, text } from './settings.js';

/** Why a bucket name breaks S3's naming rules, or null when it keeps them. */
export function bucketNameProblem(name: string): Translatable | null {
  if (name.length < 3 || name.length > 63) return { en_US: 'A bucket name has 3 to 63 characters.', zh_CN: '存储桶名称长度须为 3 到 63 个字符。' };
  if (!/^[a-z0-9.-]+$/.test(name)) return { en_US: 'Use only lower-case letters, digits, dots and hyphens.', zh_CN: '只能使用小写字母、数字、点和连字符。' };
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return { en_US: 'Start and end the name with a letter or a digit.', zh_CN: '名称须以字母或数字开头和结尾。' };
  // Each dot-separated part becomes a DNS label in virtual-hosted addressing.
  if (/\.\.|\.-|-\./.test(name)) return { en_US: 'A dot may not stand next to another dot or a hyphen.', zh_CN: '点不能与另一个点或连字符相邻。' };
  if (isIP(name)) return { en_US: 'A bucket name may not look like an IP address.', zh_CN: '存储桶名称不能是 IP 地址的形式。' };
  if (name.startsWith('xn--') || name.endsWith('-s3alias') || name.endsWith('--ol-s3')) {
    return { en_US: 'Names starting with xn-- or ending in -s3alias or --ol-s3 are reserved.', zh_CN: '以 xn-- 开头或以 -s3alias、--ol-s3 结尾的名称是保留名称。' };
  }
  return null;
}

/** An http(s) address with nothing a base address cannot carry (credentials, query, fragment). */
export function isHttpBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash && !value.includes('?') && !value.includes('#');
}

/** Cloudflare R2's S3 API host answers signed requests only; visitors need a public bucket domain. */
const isR2Endpoint = (endpoint: string): boolean => /\.r2\.cloudflarestorage\.com$/i.test(new URL(endpoint).hostname);

/** The checks beyond each field's own rules (ConfigForm.validate): every problem, by field. */
export function validateConfig(values: ConfigValues): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: Translatable) => errors.push({ field, message });

  const endpoint = text(values[FIELD.endpoint]);
  const endpointOk = !endpoint || isHttpBaseUrl(endpoint);
  if (!endpointOk) {
    fail(FIELD.endpoint, {
      en_US: 'Enter an http:// or https:// address without a user name, query or #fragment, e.g. https://s3.example.com, or leave it empty for Amazon S3.',
      zh_CN: '请输入以 http:// 或 https:// 开头的地址（不含用户名、查询参数或 # 片段），例如 https://s3.example.com；使用 Amazon S3 时请留空。',
    });
  }

  const region = text(values[FIELD.region]);
  if (!region && !endpoint) {
    fail(FIELD.region, { en_US: "Amazon S3 needs the bucket's region, e.g. eu-central-1.", zh_CN: '使用 Amazon S3 时须填写存储桶所在区域，例如 eu-central-1。' });
  } else if (region && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(region)) {
    fail(FIELD.region, {
      en_US: 'A region is lower-case letters, digits and hyphens, e.g. us-east-1 (auto for Cloudflare R2).',
      zh_CN: '区域由小写字母、数字和连字符组成，例如 us-east-1（Cloudflare R2 填 auto）。',
    });
  }

  const bucket = text(values[FIELD.bucket]);
  const bucketProblem = bucket ? bucketNameProblem(bucket) : { en_US: 'Enter the bucket name.', zh_CN: '请输入存储桶名称。' };
  if (bucketProblem) fail(FIELD.bucket, bucketProblem);

  // Both keys or neither (then the server's own credentials are used); one alone can never sign.
  const keyId = text(values[FIELD.accessKeyId]);
  const secret = text(values[FIELD.secretAccessKey]);
  if (keyId && !secret) fail(FIELD.secretAccessKey, { en_US: 'Enter the secret access key that belongs to this access key ID.', zh_CN: '请输入与该访问密钥 ID 对应的秘密访问密钥。' });
  if (secret && !keyId) fail(FIELD.accessKeyId, { en_US: 'Enter the access key ID that belongs to this secret access key.', zh_CN: '请输入与该秘密访问密钥对应的访问密钥 ID。' });

  if (!isValidPrefix(normalizePrefix(text(values[FIELD.prefix])))) {
    fail(FIELD.prefix, {
      en_US: "Use folder names of letters, digits, '.', '_' and '-' separated by '/', e.g. answer/uploads/ (no '..').",
      zh_CN: '请使用由字母、数字、“.”、“_”、“-”组成并以“/”分隔的目录名，例如 answer/uploads/（不能包含“..”）。',
    });
  }

  const mode = values[FIELD.urlMode] ?? 'public';
  if (mode !== 'public' && mode !== 'signed') fail(FIELD.urlMode, { en_US: 'Choose public or signed URLs.', zh_CN: '请选择公开链接或签名链接。' });

  const publicBase = text(values[FIELD.publicBaseUrl]);
  if (publicBase && !isHttpBaseUrl(publicBase)) {
    fail(FIELD.publicBaseUrl, {
      en_US: 'Enter an http:// or https:// address without a query or #fragment, e.g. https://files.example.com.',
      zh_CN: '请输入以 http:// 或 https:// 开头的地址（不含查询参数或 # 片段），例如 https://files.example.com。',
    });
  } else if (!publicBase && mode === 'public' && endpoint && endpointOk && isR2Endpoint(endpoint)) {
    fail(FIELD.publicBaseUrl, {
      en_US: "Cloudflare R2's API endpoint does not serve files to visitors: enter the bucket's public domain (r2.dev or your own), or choose signed URLs.",
      zh_CN: 'Cloudflare R2 的 API 端点不向访客提供文件：请填写存储桶的公开域名（r2.dev 或自定义域名），或改用签名链接。',
    });
  }

  const minutes = values[FIELD.signedMinutes];
  if (minutes !== undefined && minutes !== null && minutes !== '') {
    const n = Number(minutes);
    if (!Number.isInteger(n) || n < MIN_SIGNED_MINUTES || n > MAX_SIGNED_MINUTES) {
      fail(FIELD.signedMinutes, { en_US: 'Enter a whole number of minutes from 1 to 10080 (7 days).', zh_CN: '请输入 1 到 10080（7 天）之间的整数分钟数。' });
    }
  }
  return errors;
}
