import { createHash } from 'node:crypto';
import type { Progress } from '../../core/progress.js';
import { migrations } from '../../db/migrations/index.js';
import { readArchive } from './archive.js';
import { DumpError } from './errors.js';
import { type Manifest, MANIFEST_ENTRY, parseManifest, tableEntry, uploadEntry } from './manifest.js';

const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * Reads the whole archive once, before anything is written anywhere: the manifest first, then every
 * entry's size, SHA-256 and (for tables) line count against it, and finally that nothing listed is
 * missing. A flipped byte, a cut-off file or a foreign entry is refused here, with the database
 * untouched. Also refuses an archive whose schema this server does not know (made by a newer one).
 */
export async function verifyArchive(file: string, progress: Progress): Promise<Manifest> {
  let manifest: Manifest | null = null;
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for await (const entry of readArchive(file)) {
    if (!manifest) {
      if (entry.name !== MANIFEST_ENTRY) throw new DumpError(`${file} is not an Answer dump: its first entry is "${entry.name}", not ${MANIFEST_ENTRY}.`);
      if (entry.size > MANIFEST_LIMIT) throw new DumpError(`The archive's manifest is implausibly large (${entry.size} bytes): refusing it.`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry.stream) chunks.push(chunk);
      manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
      checkSchema(manifest);
      for (const t of manifest.tables) expected.set(tableEntry(t.name), { bytes: t.bytes, sha256: t.sha256, rows: t.rows });
      for (const u of manifest.uploads) expected.set(uploadEntry(u.path), { bytes: u.bytes, sha256: u.sha256 });
      progress.stage('checking the archive', expected.size);
      continue;
    }
    const want = expected.get(entry.name);
    if (!want) throw new DumpError(`The archive holds "${entry.name}", which its manifest does not list: the archive is damaged or was altered.`);
    expected.delete(entry.name);
    const hash = createHash('sha256');
    let bytes = 0;
    let lines = 0;
    for await (const chunk of entry.stream) {
      hash.update(chunk);
      bytes += chunk.length;
      if (want.rows !== undefined) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    if (bytes !== want.bytes || hash.digest('hex') !== want.sha256 || (want.rows !== undefined && lines !== want.rows)) {
      throw new DumpError(`${entry.name} in the archive does not match its checksum: the archive is damaged. Nothing was restored.`);
    }
    progress.tick();
  }
  if (!manifest) throw new DumpError(`${file} is empty or not an Answer dump.`);
  const missing = [...expected.keys()];
  if (missing.length) throw new DumpError(`The archive is truncated: ${missing.length} entr${missing.length === 1 ? 'y is' : 'ies are'} missing (first: ${missing[0]}). Nothing was restored.`);
  progress.finish();
  return manifest;
}

/** The archive's schema must be this server's migrations or a beginning of them. */
function checkSchema(manifest: Manifest): void {
  const known = Object.keys(migrations);
  const theirs = manifest.schema.migrations;
  const unknown = theirs.filter((m) => !known.includes(m));
  if (unknown.length) {
    throw new DumpError(
      `The archive comes from a newer version of Answer: its schema has migration ${unknown.join(', ')}, which this version does not know. Upgrade Answer, then restore.`,
    );
  }
  if (!theirs.length || theirs.some((m, i) => known[i] !== m)) {
    throw new DumpError(`The archive's schema (${theirs.join(', ') || 'no migrations'}) is not one this version of Answer ever had: refusing it.`);
  }
}
