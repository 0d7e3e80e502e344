import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { type BrandingField, LIMITS, brandingImageProblem } from '@answer/contract';
import { AppError, FieldErrors, badRequest } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { callHook } from '../plugin/call.js';
import { pluginContext } from '../plugin/context.js';
import { enabledWith } from '../plugin/service.js';

export const UPLOAD_SOURCES = ['post', 'avatar', 'branding'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

/** sharp (libvips, ~20 MB resident) is loaded by the first image, not at start (issue 15: memory and start). */
export const loadSharp = async () => (await import('sharp')).default;

// What sharp may decode from an upload. SVG is excluded: it can carry script.
const ACCEPTED = new Set<string>(['jpeg', 'png', 'gif', 'webp']);
type Accepted = 'jpeg' | 'png' | 'gif' | 'webp';
const AVATAR_SIZE = 256;

/**
 * Verifies an upload by decoding it (the name and declared type are ignored), re-encodes it so no
 * metadata (EXIF, GPS) survives, and stores it under <uploads>/<source>/ with a random name.
 * Branding images also meet their size rule (`brandingField` names which one, when the client says).
 * Returns the public URL (the storage plugin's, when one is enabled).
 */
export async function storeImage(runtime: Runtime, uploadsDir: string, source: UploadSource, data: Buffer, brandingField?: BrandingField): Promise<string> {
  if (data.length > LIMITS.imageMaxBytes) throw new AppError(400, 'error.upload.too_large');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // metadata() reads the header only: the size is known before any pixel is decoded.
    meta = await sharp(data).metadata();
  } catch {
    throw badRequest('error.upload.unsupported_file_format');
  }
  const format = meta.format;
  if (!format || !ACCEPTED.has(format)) throw badRequest('error.upload.unsupported_file_format');
  // Avatars keep their first frame only; other uploads keep the animation.
  const animated = source !== 'avatar' && (format === 'gif' || format === 'webp');
  // Decoding cost follows the pixel count, every frame of an animation included.
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * (animated ? (meta.pages ?? 1) : 1);
  if (pixels > LIMITS.imageMaxPixels) throw badRequest('error.upload.too_many_pixels');
  if (source === 'branding') {
    const problem = brandingImageProblem(brandingField, meta.width ?? 0, meta.height ?? 0);
    if (problem) throw new FieldErrors([{ field: 'file', ...problem }], problem.reason);
  }
  // The same cap for the decoder, in case a format's header understates what follows.
  const input = { limitInputPixels: LIMITS.imageMaxPixels };

  let output: Buffer;
  let ext: string;
  try {
    if (source === 'avatar') {
      output = await sharp(data, input).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
      ext = 'webp';
    } else {
      // rotate() applies the EXIF orientation before the metadata is dropped by re-encoding.
      output = await sharp(data, { ...input, animated }).rotate().toFormat(format as Accepted).toBuffer();
      ext = format === 'jpeg' ? 'jpg' : format;
    }
  } catch {
    throw badRequest('error.upload.unsupported_file_format');
  }
  return saveUpload(runtime, uploadsDir, source, output, ext);
}

/** The storage plugins' names of our upload sources (upstream's). */
const PLUGIN_SOURCE = { post: 'user_post', avatar: 'user_avatar', branding: 'admin_branding' } as const;
const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/**
 * Stores a verified file under a random name: with the enabled storage plugin (S3 and the like),
 * else, or when that plugin fails, on the local disk. Returns the URL to show.
 */
async function saveUpload(runtime: Runtime, uploadsDir: string, source: UploadSource, output: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const [storage] = await enabledWith(runtime, 'storage');
  if (storage) {
    const ctx = await pluginContext(runtime, storage.entry);
    const stored = await callHook(runtime, storage.entry, 'storage.upload', () =>
      storage.hooks.upload({ key: `${source}/${name}`, data: output, mime: MIME[ext]!, source: PLUGIN_SOURCE[source] }, ctx),
    ).catch(() => null);
    if (stored && typeof stored.url === 'string' && /^(https?:\/\/|\/(?!\/))/.test(stored.url)) return stored.url;
  }
  const dir = path.join(uploadsDir, source);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), output);
  return `/uploads/${source}/${name}`;
}

/** Files a purge freed, removed from the enabled storage plugin too (a failure leaves them there, logged). */
export async function removeStored(runtime: Runtime, keys: string[]): Promise<void> {
  const [storage] = keys.length ? await enabledWith(runtime, 'storage') : [];
  if (!storage?.hooks.remove) return;
  const ctx = await pluginContext(runtime, storage.entry);
  for (const key of keys) await callHook(runtime, storage.entry, 'storage.remove', () => storage.hooks.remove!(key, ctx)).catch(() => undefined);
}
