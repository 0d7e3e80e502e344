import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Progress } from '../../core/progress.js';
import type { Manifest } from './manifest.js';

type Upload = Manifest['uploads'][number];

/** Every file under the uploads folder (paths with '/', sorted), each with its size and SHA-256. */
export async function listUploads(dir: string, progress: Progress): Promise<Upload[]> {
  const files: string[] = [];
  const walk = (rel: string) => {
    const here = path.join(dir, rel);
    if (!fs.existsSync(here)) return;
    for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  files.sort();
  progress.stage('uploads', files.length);
  const uploads: Upload[] = [];
  for (const file of files) {
    const full = path.join(dir, file);
    uploads.push({ path: file, bytes: fs.statSync(full).size, sha256: await sha256Of(fs.createReadStream(full)) });
    progress.tick();
  }
  return uploads;
}

export async function sha256Of(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** Writes one restored upload, creating its folders. */
export async function writeUpload(dir: string, file: string, stream: AsyncIterable<Buffer>): Promise<void> {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  await pipeline(Readable.from(stream), fs.createWriteStream(full));
}
