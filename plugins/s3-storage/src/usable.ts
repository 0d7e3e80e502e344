import { isHttpBaseUrl } from './validation.js';
import type { S3Settings } from './settings.js';

/**
 * Why the saved settings cannot reach a bucket at all, or null. The form's validation refuses such
 * values, but a plugin enabled before its form was ever saved has only the defaults (no bucket).
 */
export function checkUsable(settings: S3Settings): { en_US: string; zh_CN: string } | null {
  if (!settings.bucket) return { en_US: 'No bucket is set: fill in and save the form first.', zh_CN: '尚未设置存储桶：请先填写并保存表单。' };
  if (settings.endpoint && !isHttpBaseUrl(settings.endpoint)) return { en_US: 'The saved endpoint URL is not valid.', zh_CN: '已保存的服务端点 URL 无效。' };
  return null;
}
