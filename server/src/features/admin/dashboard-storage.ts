import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The walk stops after this many entries, so a huge uploads tree cannot stall the dashboard. */
const MAX_ENTRIES = 200_000;

/** Files and bytes under the uploads directory (uploading_files, occupying_storage_space). */
export async function uploadsUsage(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  let seen = 0;
  const pending = [dir];
  while (pending.length && seen < MAX_ENTRIES) {
    const current = pending.pop()!;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      continue; // missing or unreadable: counts as empty
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) break;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        files++;
        bytes += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
      }
    }
  }
  return { files, bytes };
}

/** Whether new uploads can be written: the directory, or the nearest existing parent it would be made in. */
export async function uploadsWritable(dir: string): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      await fs.access(current, constants.W_OK);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(current) === current) return false;
    }
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A size the way upstream's dashboard shows it: two decimals, 1024 steps ("4.50 MB"). */
export function formatFileSize(bytes: number): string {
  let size = Math.max(0, bytes);
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${size.toFixed(2)} ${UNITS[unit]}`;
}
