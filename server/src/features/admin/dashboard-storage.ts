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
