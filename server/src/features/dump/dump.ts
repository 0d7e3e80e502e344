import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { type Kysely, sql } from 'kysely';
import type { Progress } from '../../core/progress.js';
import { wantsGzip, writeArchive } from './archive.js';
import { DumpError } from './errors.js';
import { FORMAT, FORMAT_VERSION, type Manifest, MANIFEST_ENTRY, tableEntry, type TableEntry, uploadEntry } from './manifest.js';
import { inSnapshot } from './snapshot.js';
import { tableRows } from './table-pages.js';
import { dataTables, type TableShape } from './tables.js';
import { listUploads } from './uploads.js';

const PAGE = 2000;

export interface DumpSummary {
  tables: number;
  rows: number;
  uploads: number;
  uploadBytes: number;
  archiveBytes: number;
}

/**
 * Writes the whole site to `file`: every data table from one consistent snapshot, then the uploads.
 * Table streams go to a scratch folder first (a tar entry states its size before its bytes), then
 * into the archive behind the manifest; the archive appears under its name only once complete.
 */
export async function dumpSite(db: Kysely<any>, uploadsDir: string, file: string, progress: Progress): Promise<DumpSummary> {
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new DumpError(`There is no folder ${path.dirname(target)} to write the archive in.`);
  const scratch = fs.mkdtempSync(path.join(path.dirname(target), '.answer-dump-'));
  const partial = `${target}.partial`;
  try {
    const { migrations, tables } = await inSnapshot(db, async (conn) => {
      const migrations = await appliedMigrations(conn);
      const tables: TableEntry[] = [];
      for (const shape of await dataTables(conn)) tables.push(await dumpTable(conn, shape, scratch, progress));
      return { migrations, tables };
    });
    const uploads = await listUploads(uploadsDir, progress);
    progress.finish();
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: Math.floor(Date.now() / 1000),
      schema: { migrations },
      tables,
      uploads,
    };
    const archive = writeArchive(partial, wantsGzip(target));
    await archive.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const t of tables) await archive.addStream(tableEntry(t.name), t.bytes, fs.createReadStream(path.join(scratch, `${t.name}.ndjson`)));
    for (const u of uploads) await archive.addStream(uploadEntry(u.path), u.bytes, fs.createReadStream(path.join(uploadsDir, u.path)));
    await archive.close();
    fs.renameSync(partial, target);
    return {
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      uploads: uploads.length,
      uploadBytes: uploads.reduce((n, u) => n + u.bytes, 0),
      archiveBytes: fs.statSync(target).size,
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

async function appliedMigrations(conn: Kysely<any>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(conn);
    return rows.map((r) => r.name);
  } catch {
    throw new DumpError('The database has no schema yet: there is nothing to dump (install the site first).');
  }
}

/** One table as NDJSON: one row a line, keys in column order, with its row count and checksum. */
async function dumpTable(conn: Kysely<any>, shape: TableShape, scratch: string, progress: Progress): Promise<TableEntry> {
  const { n } = (await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(shape.name)}`.execute(conn)).rows[0]!;
  progress.stage(shape.name, Number(n));
  const out = fs.createWriteStream(path.join(scratch, `${shape.name}.ndjson`));
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  for await (const page of tableRows(conn, shape, PAGE)) {
    let chunk = '';
    for (const row of page) chunk += `${JSON.stringify(row)}\n`;
    const buffer = Buffer.from(chunk, 'utf8');
    hash.update(buffer);
    bytes += buffer.length;
    rows += page.length;
    if (!out.write(buffer)) await once(out, 'drain');
    progress.tick(page.length);
  }
  out.end();
  await once(out, 'close');
  return { name: shape.name, columns: shape.columns, rows, bytes, sha256: hash.digest('hex') };
}
