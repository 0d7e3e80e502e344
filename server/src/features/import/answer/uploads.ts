import fs from 'node:fs';
import path from 'node:path';
import { count, type ImportReport, ImportError, problem } from '../report.js';
import type { Progress } from '../../../core/progress.js';

/** Refuses a missing uploads folder before anything is written. */
export function checkUploadsDir(dir: string): void {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new ImportError(`No uploads folder at ${dir}: give the old site's upload directory (the one holding post/, avatar/, branding/).`);
}

function* filesUnder(root: string, rel = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile()) yield child;
    // Links and special files are not followed: they could point outside the folder.
  }
}

/**
 * Copies the old site's uploaded files into ours under the same relative paths, so the
 * `/uploads/post/<name>` links in imported posts and avatars keep working. A file already there
 * with the same size (an earlier, interrupted run) is skipped.
 */
export function copyUploads(from: string, to: string, report: ImportReport, progress: Progress, dryRun: boolean): void {
  const files = [...filesUnder(from)];
  progress.stage('uploaded files', files.length);
  count(report, 'uploaded files', 0);
  for (const rel of files) {
    const source = path.join(from, rel);
    const target = path.join(to, rel);
    try {
      if (!dryRun) {
        const there = fs.existsSync(target) ? fs.statSync(target) : null;
        if (!there || there.size !== fs.statSync(source).size) {
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.copyFileSync(source, target);
        }
      }
      count(report, 'uploaded files');
    } catch (err) {
      problem(report, `upload ${rel}: ${(err as Error).message}`);
    }
    progress.tick();
  }
}
