import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Progress } from '../../core/progress.js';
import { migrateToLatest } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { advanceSequences } from '../../db/sequences.js';
import { readArchive } from './archive.js';
import { DumpError } from './errors.js';
import { MANIFEST_ENTRY, safeUploadPath, tableEntry, type TableEntry, uploadEntry } from './manifest.js';
import { type RowWriter, rowWriter } from './row-writer.js';
import { rebuildSearchIndex } from './search-rebuild.js';
import { dataTables, type TableShape } from './tables.js';
import { verifyArchive } from './verify.js';
import { writeUpload } from './uploads.js';

/** Parameters per INSERT stay under SQLite's 32,766; bytes per INSERT under MySQL's packet limit. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1000;
const MAX_BYTES = 4 * 1024 * 1024;

const MAIN_TABLES = ['user', 'question', 'answer'];

export interface RestoreSummary {
  tables: number;
  rows: number;
  uploads: number;
  uploadBytes: number;
  /** Migrations applied after the rows were loaded (the archive was older than this server). */
  upgraded: string[];
}

/**
 * Loads an archive into `db`: proves it whole first (verify.ts), checks that the database may take
 * it, builds the archive's schema, loads every table in one transaction (so a failure leaves the
 * rows as they were; the uploads wait in a staging folder until it commits), then brings the schema
 * up to this server's, moves the id sequences past the loaded ids and rebuilds the search index.
 */
export async function restoreSite(db: Kysely<any>, file: string, uploadsDir: string, options: { force: boolean; progress: Progress }): Promise<RestoreSummary> {
  const { progress, force } = options;
  // What the database holds is cheap to learn: asked first, before the archive is read through.
  const applied = await appliedMigrations(db);
  const present = applied.length ? await dataTables(db) : [];
  const holding = await tablesWithRows(db, present);
  if (holding.length && !force) {
    // The tables a person recognises come first in the message.
    const rank = (t: string) => (MAIN_TABLES.includes(t) ? MAIN_TABLES.indexOf(t) : MAIN_TABLES.length);
    const named = [...holding].sort((a, b) => rank(a) - rank(b));
    throw new DumpError(
      `The database already holds data (${named.slice(0, 5).join(', ')}${named.length > 5 ? ', …' : ''}): a restore does not mix two sites. ` +
        'Add --force to empty its tables first, or restore into a new database with --to.',
    );
  }
  const manifest = await verifyArchive(file, progress);
  const wanted = manifest.schema.migrations;
  const beyond = applied.filter((m) => !wanted.includes(m));
  if (beyond.length) {
    throw new DumpError(
      `The database's schema is newer than the archive's (it has ${beyond.at(-1)}, the archive stops at ${wanted.at(-1)}): restore into a new, empty database with --to, and this version of Answer upgrades the restored rows.`,
    );
  }
  if (applied.length < wanted.length) await migrateTo(db, wanted.at(-1)!);
  const shapes = new Map((await dataTables(db)).map((s) => [s.name, s]));
  for (const t of manifest.tables) checkColumns(t, shapes.get(t.name));

  // Uploads land in a staging folder and move into place once the rows are committed, so a failed
  // restore leaves the uploads folder as it was too.
  const staging = fs.mkdtempSync(path.join(path.dirname(uploadsDir), '.restoring-uploads-'));
  let uploadBytes = 0;
  let uploadsDone = 0;
  try {
    await db.transaction().execute(async (trx) => {
      if (holding.length) for (const name of holding) await sql`DELETE FROM ${sql.table(name)}`.execute(trx);
      const tables = new Map(manifest.tables.map((t) => [tableEntry(t.name), t]));
      const uploads = new Set(manifest.uploads.map((u) => uploadEntry(u.path)));
      for await (const entry of readArchive(file)) {
        const table = tables.get(entry.name);
        if (table) await loadTable(rowWriter(db, trx, table), table, entry.stream, progress);
        else if (uploads.has(entry.name)) {
          if (!uploadsDone++) progress.stage('uploads', manifest.uploads.length);
          await writeUpload(staging, safeUploadPath(entry.name.slice(uploadEntry('').length)), entry.stream);
          uploadBytes += entry.size;
          progress.tick();
        } else if (entry.name !== MANIFEST_ENTRY) throw new DumpError(`The archive changed while it was being restored ("${entry.name}" appeared): nothing was restored.`);
      }
    });
    for (const u of manifest.uploads) moveInto(staging, uploadsDir, u.path);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const upgraded = await migrateToLatest(db);
  await advanceSequences(db);
  await rebuildSearchIndex(db, progress);
  progress.finish();
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    uploads: manifest.uploads.length,
    uploadBytes,
    upgraded,
  };
}

function moveInto(from: string, to: string, file: string): void {
  fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
  fs.renameSync(path.join(from, file), path.join(to, file));
}

async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

async function tablesWithRows(db: Kysely<any>, shapes: TableShape[]): Promise<string[]> {
  const holding: string[] = [];
  for (const { name } of shapes) {
    const { rows } = await sql`SELECT 1 AS one FROM ${sql.table(name)} LIMIT 1`.execute(db);
    if (rows.length) holding.push(name);
  }
  return holding;
}

async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw new DumpError(`Could not build the archive's schema (${name}): ${error instanceof Error ? error.message : String(error)}`);
}

function checkColumns(table: TableEntry, shape: TableShape | undefined): void {
  if (!shape) throw new DumpError(`The archive has a table "${table.name}" that this schema does not: refusing it.`);
  const extra = table.columns.filter((c) => !shape.columns.includes(c));
  if (extra.length) throw new DumpError(`The archive's table ${table.name} has column(s) ${extra.join(', ')} that the database does not: refusing it.`);
}

/** One table's NDJSON into the database, several rows a statement. */
async function loadTable(write: RowWriter, table: TableEntry, stream: AsyncIterable<Buffer>, progress: Progress): Promise<void> {
  progress.stage(table.name, table.rows);
  const perInsert = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, table.columns.length))));
  let batch: Record<string, unknown>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await write(batch);
    progress.tick(batch.length);
    batch = [];
    bytes = 0;
  };
  for await (const line of lines(stream)) {
    batch.push(JSON.parse(line) as Record<string, unknown>);
    bytes += line.length;
    if (batch.length >= perInsert || bytes >= MAX_BYTES) await flush();
  }
  await flush();
}

/** The lines of a UTF-8 stream (each ends with \n in an archive). */
async function* lines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  for await (const chunk of stream) {
    rest += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest) yield rest;
}
