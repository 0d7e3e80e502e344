import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '@answer/contract';
import { AppError, badRequest } from '../../core/errors.js';

export const UPLOAD_SOURCES = ['post', 'avatar', 'branding'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

// What sharp may decode from an upload. SVG is excluded: it can carry script.
const ACCEPTED = new Set<string>(['jpeg', 'png', 'gif', 'webp']);
type Accepted = 'jpeg' | 'png' | 'gif' | 'webp';
const AVATAR_SIZE = 256;

/**
 * Verifies an upload by decoding it (the name and declared type are ignored), re-encodes it so no
 * metadata (EXIF, GPS) survives, and stores it under <uploads>/<source>/ with a random name.
 * Returns the public URL.
 */
export async function storeImage(uploadsDir: string, source: UploadSource, data: Buffer): Promise<string> {
  if (data.length > LIMITS.imageMaxBytes) throw new AppError(400, 'error.upload.too_large');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw badRequest('error.upload.unsupported_file_format');
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest('error.upload.unsupported_file_format');

  let output: Buffer;
  let ext: string;
  try {
    if (source === 'avatar') {
      output = await sharp(data).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
      ext = 'webp';
    } else {
      // rotate() applies the EXIF orientation before the metadata is dropped by re-encoding.
      output = await sharp(data, { animated: format === 'gif' || format === 'webp' }).rotate().toFormat(format as Accepted).toBuffer();
      ext = format === 'jpeg' ? 'jpg' : format;
    }
  } catch {
    throw badRequest('error.upload.unsupported_file_format');
  }
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const dir = path.join(uploadsDir, source);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), output);
  return `/uploads/${source}/${name}`;
}
