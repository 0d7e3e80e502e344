import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Migrator, sql } from 'kysely';
import { resolveDataPaths } from '../src/config/paths.js';
import { silentProgress } from '../src/core/progress.js';
import { createDb } from '../src/db/connect.js';
import { migrations } from '../src/db/migrations/index.js';
import { dumpSite } from '../src/features/dump/dump.js';
import { readArchive, writeArchive } from '../src/features/dump/archive.js';
import { dumpCommand, restoreCommand } from '../src/features/dump/command.js';
import { type Manifest, parseManifest } from '../src/features/dump/manifest.js';
import { seedDemo } from '../src/features/seed/demo.js';
import { ADMIN, body, login, startSite, tempDir, type TestSite } from './support/app.js';
import { createThrowawayDb, serverDialects, type ThrowawayDb } from './support/databases.js';
import { siteOn } from './support/dialect-sites.js';

/**
 * `answer dump` and `answer restore` through their command functions: a varied SQLite site goes
 * round the three databases and every table comes back byte for byte; damaged, truncated and
 * too-new archives are refused before anything is written; a database with data needs --force.
 */
let source: TestSite;
let stopSource: () => Promise<void>;
let work: string;
let archive: string;
let original: Manifest;
const throwaway: ThrowawayDb[] = [];
const started: TestSite[] = [];
const dirs: string[] = [];
/** A temporary folder removed after the tests. */
const scratchDir = (prefix: string) => {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
};

const LONG = `${'Lorem ipsum 🦄 dolor sit amet, consectetur adipiscing elit. '.repeat(4000)}end`;
const UPLOAD = 'files/post/2026/11/a-picture.png';

/** Runs a command, returning its exit code and what it printed. */
async function run(command: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await command(), out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    stderr.mockRestore();
  }
}

async function manifestOf(file: string): Promise<Manifest> {
  for await (const entry of readArchive(file)) {
    const chunks: Buffer[] = [];
    for await (const c of entry.stream) chunks.push(c);
    return parseManifest(Buffer.concat(chunks).toString('utf8'));
  }
  throw new Error('empty archive');
}

/** What must come back identical: every table's stream and every upload (not the creation time). */
const contents = (m: Manifest) => ({ schema: m.schema, tables: m.tables, uploads: m.uploads });

async function dumpOf(dataDir: string, name: string): Promise<string> {
  const file = path.join(work, name);
  const res = await run(() => dumpCommand(resolveDataPaths(dataDir), file));
  expect(res.code, res.err).toBe(0);
  expect(res.out).toMatch(/^Dumped \d+ tables \(\d+ rows\) and 1 uploads/);
  return file;
}

beforeAll(async () => {
  work = tempDir('answer-dump-');
  ({ site: source, stop: stopSource } = await siteOn({ name: 'sqlite3' }));
  dirs.push(source.dataDir);
  const db = source.runtime.database;
  await seedDemo(db, { questions: 25, users: 6 });
  const admin = await login(source, ADMIN.email, ADMIN.password);
  const ask = await source.app.inject({
    method: 'POST',
    url: '/answer/api/v1/question',
    headers: { authorization: admin },
    payload: { title: 'Zebrafish 🐟 naïve „quotes“ and 日本語', content: 'Body with "quotes", a \\ backslash,\nnew lines and emoji 🎉🇯🇵.', tags: [{ slug_name: 'support' }] },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  // A very long text (past MySQL's 64 KB TEXT), a deleted question, an empty and a NULL value.
  const answer = await db.selectFrom('answer').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('answer').set({ original_text: LONG, parsed_text: `<p>${LONG}</p>` }).where('id', '=', answer.id).execute();
  const question = await db.selectFrom('question').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('question').set({ status: 10 }).where('id', '=', question.id).execute();
  await db.updateTable('user').set({ display_name: 'Zoë 😀', bio: '' }).where('username', '=', ADMIN.name).execute();
  const comment = await db.selectFrom('comment').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('comment').set({ reply_user_id: null, reply_comment_id: null }).where('id', '=', comment.id).execute();
  // Text keys that collations order differently (case, accents, punctuation): dumps order by code
  // point. (Keys equal to MySQL's case- and accent-blind collation, like 'b' and 'B', cannot both go there.)
  const user = await db.selectFrom('user').select('id').where('username', '=', ADMIN.name).executeTakeFirstOrThrow();
  const session = (token: string) => ({ token, visit_token: `v-${token}`, user_id: user.id, created_at: 1, expires_at: 2 ** 40 });
  await db.insertInto('session').values(['b', 'A', 'c', 'Z', '_', '~', 'é', '1', '😀'].map(session)).execute();
  const read = await source.app.inject({ url: `/answer/api/v1/question/info?id=${ask.json().data.id}`, headers: { authorization: admin } });
  expect(read.statusCode).toBe(200);
  const uploads = resolveDataPaths(source.dataDir).uploads;
  fs.mkdirSync(path.join(uploads, path.dirname(UPLOAD)), { recursive: true });
  fs.writeFileSync(path.join(uploads, UPLOAD), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
  archive = await dumpOf(source.dataDir, 'site.tar.gz');
  original = await manifestOf(archive);
}, 120_000);

afterAll(async () => {
  for (const site of started) await site.close();
  await stopSource?.();
  for (const db of throwaway) await db.drop();
  for (const dir of [work, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
});

/** A restore into a new database of `kind` under a new data path; the restored site, started. */
async function restoreInto(kind: 'sqlite3' | 'postgres' | 'mysql', file: string): Promise<TestSite> {
  const dataDir = scratchDir('answer-restored-');
  let to = path.join(dataDir, 'restored.db');
  if (kind !== 'sqlite3') {
    const db = await createThrowawayDb(kind, serverDialects().find((d) => d.dialect === kind)?.url);
    throwaway.push(db);
    to = db.url;
  }
  const res = await run(() => restoreCommand(resolveDataPaths(dataDir), file, { to, force: false }));
  expect(res.code, res.err).toBe(0);
  expect(res.out).toContain('now names that database');
  const site = await startSite(dataDir);
  started.push(site);
  return site;
}

async function servesTheSite(site: TestSite) {
  const q = await site.runtime.database.selectFrom('question').select('id').where('title', 'like', 'Zebrafish%').executeTakeFirstOrThrow();
  const info = body(await site.app.inject({ url: `/answer/api/v1/question/info?id=${q.id}` }));
  expect(info.code).toBe(200);
  expect(info.data.title).toBe('Zebrafish 🐟 naïve „quotes“ and 日本語');
  expect(info.data.content).toContain('emoji 🎉🇯🇵');
  // The search index was rebuilt from the restored posts.
  const found = body(await site.app.inject({ url: '/answer/api/v1/search?q=zebrafish' }));
  expect(found.data.list.map((r: { object: { id: string } }) => r.object.id)).toContain(String(q.id));
  // Passwords are the archive's hashes: the administrator signs in as before.
  expect(await login(site, ADMIN.email, ADMIN.password)).toBeTruthy();
  expect(fs.readFileSync(path.join(resolveDataPaths(site.dataDir).uploads, UPLOAD))).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
}

describe('a site round the three databases', () => {
  const chain = [...serverDialects().map((d) => d.dialect), 'sqlite3' as const];

  it(`comes back byte for byte through ${chain.join(' → ')}`, async () => {
    const questions = await source.runtime.database.selectFrom('question').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(original.tables.find((t) => t.name === 'question')?.rows).toBe(Number(questions.n));
    expect(original.tables.map((t) => t.name)).not.toContain('search_fts');
    let file = archive;
    for (const [i, kind] of chain.entries()) {
      const site = await restoreInto(kind, file);
      // Dumped before anyone uses it: a visit or a sign-in writes rows (views, sessions).
      file = await dumpOf(site.dataDir, `hop-${i}-${kind}.tar.gz`);
      expect(contents(await manifestOf(file)), `after ${kind}`).toEqual(contents(original));
      await servesTheSite(site);
    }
  }, 300_000);
});

describe('refusals', () => {
  let target: TestSite;
  let plainArchive: string;
  const restore = (file: string, force = false) => run(() => restoreCommand(resolveDataPaths(target.dataDir), file, { force }));
  const unchanged = async () => {
    expect(contents(await manifestOf(await dumpOf(target.dataDir, 'check.tar')))).toEqual(contents(original));
    expect(fs.readdirSync(target.dataDir).filter((f) => f.startsWith('.restoring'))).toEqual([]);
  };

  beforeAll(async () => {
    target = await restoreInto('sqlite3', archive);
    plainArchive = await dumpOf(source.dataDir, 'site.tar');
  }, 120_000);

  it('refuses a database that holds data, and replaces it with --force', async () => {
    const refused = await restore(archive);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/already holds data \(user, question, answer, .*\).*--force/);
    const forced = await restore(archive, true);
    expect(forced.code, forced.err).toBe(0);
    await unchanged();
  }, 120_000);

  it('refuses an archive with a flipped byte in a table stream, leaving the database as it was', async () => {
    const bytes = fs.readFileSync(plainArchive);
    const at = bytes.indexOf('"title":"Zebrafish');
    expect(at).toBeGreaterThan(0);
    bytes[at + 10] = bytes[at + 10]! ^ 0x20;
    const damaged = path.join(work, 'damaged.tar');
    fs.writeFileSync(damaged, bytes);
    const res = await restore(damaged, true);
    expect(res.code).toBe(1);
    expect(res.err).toContain('tables/question.ndjson in the archive does not match its checksum');
    await unchanged();
  }, 120_000);

  it('refuses a truncated archive, compressed or not', async () => {
    for (const [file, keep] of [
      [archive, 0.5],
      [plainArchive, 0.7],
    ] as const) {
      const bytes = fs.readFileSync(file);
      const cut = path.join(work, `cut-${path.basename(file)}`);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * keep)));
      const res = await restore(cut, true);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/truncated/);
    }
    await unchanged();
  }, 120_000);

  it('refuses an archive from a newer schema', async () => {
    const newer = path.join(work, 'newer.tar');
    const out = writeArchive(newer);
    for await (const entry of readArchive(plainArchive)) {
      const chunks: Buffer[] = [];
      for await (const c of entry.stream) chunks.push(c);
      let data = Buffer.concat(chunks);
      if (entry.name === 'manifest.json') {
        const m = JSON.parse(data.toString('utf8')) as Manifest;
        m.schema.migrations.push('9999_from_the_future');
        data = Buffer.from(JSON.stringify(m));
      }
      await out.add(entry.name, data);
    }
    await out.close();
    const res = await restore(newer, true);
    expect(res.code).toBe(1);
    expect(res.err).toContain('newer version of Answer');
    expect(res.err).toContain('9999_from_the_future');
    await unchanged();
  }, 120_000);

  it('explains a missing file, a file that is no archive and a --to it cannot use', async () => {
    const missing = await restore(path.join(work, 'nope.tar.gz'), true);
    expect([missing.code, missing.err]).toEqual([1, expect.stringContaining('no such file')]);
    const notes = path.join(work, 'notes.txt');
    fs.writeFileSync(notes, 'hello');
    const junk = await restore(notes, true);
    expect([junk.code, junk.err]).toEqual([1, expect.stringMatching(/truncated or damaged|not an Answer dump/)]);
    const other = await run(() => restoreCommand(resolveDataPaths(scratchDir('answer-unused-')), archive, { to: 'oracle://db/site', force: false }));
    expect([other.code, other.err]).toEqual([1, expect.stringContaining('--to takes postgres://')]);
    await unchanged();
  });

  it('restores an archive of an older schema, then runs the newer migrations over its rows', async () => {
    const dir = scratchDir('answer-old-');
    const db = createDb({ driver: 'sqlite3', connection: path.join(dir, 'old.db') });
    const provider = { getMigrations: async () => migrations };
    expect((await new Migrator({ db, provider }).migrateTo('0001_initial_schema')).error).toBeUndefined();
    // 0002 lower-cases addresses: its work on the restored row shows the later migrations ran.
    await db.insertInto('user').values({ id: 7, created_at: 1, username: 'old', e_mail: 'Old.Timer@Example.COM' }).execute();
    await db.insertInto('question').values({ id: '10010000000000042', created_at: 1, user_id: 7, title: 'Ancient quokka lore', original_text: 'x', parsed_text: '<p>x</p>' }).execute();
    const old = path.join(work, 'old.tar.gz');
    await dumpSite(db, path.join(dir, 'uploads'), old, silentProgress);
    await db.destroy();
    expect((await manifestOf(old)).schema.migrations).toEqual(['0001_initial_schema']);

    const into = resolveDataPaths(scratchDir('answer-upgraded-'));
    const res = await run(() => restoreCommand(into, old, { to: path.join(into.root, 'new.db'), force: false }));
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`applied ${Object.keys(migrations).length - 1} migration(s)`);
    const restored = createDb({ driver: 'sqlite3', connection: path.join(into.root, 'new.db') });
    try {
      expect((await restored.selectFrom('user').select('e_mail').executeTakeFirstOrThrow()).e_mail).toBe('old.timer@example.com');
      const hits = await sql<{ id: unknown }>`SELECT rowid AS id FROM search_fts WHERE search_fts MATCH 'quokka'`.execute(restored);
      expect(hits.rows.map((r) => String(r.id))).toEqual(['10010000000000042']);
    } finally {
      await restored.destroy();
    }
  });
});
