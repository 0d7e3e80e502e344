import fs from 'node:fs';
import path from 'node:path';
import type { ControlledTransaction, Kysely } from 'kysely';
import type { DataPaths } from '../../../config/paths.js';
import type { Database } from '../../../db/schema.js';
import type { Progress } from '../../../core/progress.js';
import { ImportError, type ImportReport, type ImportRun, newReport, problem } from '../report.js';
import { sourceSite } from './attribution.js';
import { importBadges, loadBadges, reportUnmatchedBadges } from './badges.js';
import { importComments } from './comments.js';
import type { CloseReasons, ImportContext, Write } from './context.js';
import { type ConvertPool, convertPool } from './convert-pool.js';
import { finishImport } from './finish.js';
import { keepHeapSmall } from './heap.js';
import { type HistoryState, importHistory } from './history.js';
import { IdSet, idPlan, ids } from './id-plan.js';
import { importLinks } from './links.js';
import { importPosts } from './posts.js';
import { importTags, loadSiteTags, writeTagExcerpts } from './tags.js';
import { importUsers } from './users.js';
import { importVotes } from './votes.js';
import { slices } from '../insert-new.js';
import { countRows, type DumpRow, dumpRows } from './xml-rows.js';

/** The dump's files in the order they are read: each one's rows refer only to files before it. */
const FILES = [
  { name: 'Users.xml', root: 'users' },
  { name: 'Tags.xml', root: 'tags' },
  { name: 'Posts.xml', root: 'posts' },
  { name: 'Comments.xml', root: 'comments' },
  { name: 'PostHistory.xml', root: 'posthistory' },
  { name: 'PostLinks.xml', root: 'postlinks' },
  { name: 'Votes.xml', root: 'votes' },
  { name: 'Badges.xml', root: 'badges' },
] as const;
type FileName = (typeof FILES)[number]['name'];

/** Heap kept by the thread that reads and writes (see heap.ts); conversion threads keep less. */
const MAIN_HEAP_MB = 64;

/**
 * A batch: one transaction, big enough that commits and the search index's merges stay a small
 * part of the time, and limited by its text too, which sets its memory once converted (xml-rows.ts).
 */
const BATCH = { rows: 1000, chars: 1_000_000 };

/**
 * Batches written in one transaction. A commit writes out every page its batches changed, and the
 * indexes with scattered keys (a question's author, score or views; a comment's author) have a
 * page changed by nearly every batch: fewer commits write each such page fewer times. At 300,000
 * posts, four batches a commit wrote a fifth fewer bytes (13.4 GB, then 10.6 GB). Memory stays that
 * of one batch: a batch's rows are let go once written, and SQLite keeps its usual page cache (what
 * does not fit goes to the write-ahead log before the commit).
 */
const COMMIT_EVERY = 4;

/**
 * For tests: smaller batches and commits, and a call after each batch is committed, so a test can
 * stop an import half-way.
 */
export interface ImportHooks {
  batchSize?: number;
  commitEvery?: number;
  afterBatch?: (file: FileName, batch: number) => void;
}

/**
 * `answer import stackexchange <folder>`: a Stack Exchange data dump into this site. Every file is
 * read once to check it is complete XML (a truncated or broken file refuses the import before
 * anything is written), then imported file by file in batches, streaming, so memory stays flat
 * whatever the dump's size. Ids come from the dump's ids (id-plan.ts), so an interrupted import
 * run again finishes the job, and a finished one run again changes nothing.
 */
export async function importStackExchange(db: Kysely<Database>, _paths: DataPaths, options: { folder: string } & ImportRun, hooks: ImportHooks = {}): Promise<ImportReport> {
  const report = newReport();
  const files = locateFiles(options.folder);
  if (!files.has('Posts.xml')) throw new ImportError(`${options.folder} has no Posts.xml: give the folder of an unpacked Stack Exchange dump (Posts.xml, Users.xml, Comments.xml, ...).`);
  for (const { name } of FILES) if (!files.has(name)) problem(report, `${name} is not in the dump folder: nothing from it is imported`);

  // The conversion thread starts, loading its renderers (a few hundred milliseconds), while the files are checked.
  const pool = convertPool(options.dryRun ? 0 : undefined);
  let ctx: ImportContext;
  try {
    const rowsIn = await checkFiles(files, pool, options.progress);

    const site = sourceSite(options.folder);
    if (!process.env.ANSWER_IMPORT_SITE_URL) problem(report, `Attribution links point to ${site.url} (from the folder's name; set ANSWER_IMPORT_SITE_URL to another address before importing to change it)`);
    const plan = await idPlan(db, site.host, !options.dryRun);
    ctx = {
      db,
      dryRun: options.dryRun,
      report,
      pool,
      ids: ids(plan),
      site,
      communityId: ids(plan).user(-1),
      users: new IdSet(),
      questions: new IdSet(),
      answers: new IdSet(),
      closed: new IdSet(),
      laterAnswers: [],
      tags: new Map(),
      nextTag: 0,
      extraTagsCounted: false,
      tagTexts: new Map(),
      questionUrl: await questionUrls(db),
      closeReasons: await closeReasons(db),
    };
    ctx.users.add(-1);
    await importFiles(ctx, files, rowsIn, options, hooks);
  } finally {
    await pool.close();
  }
  if (!ctx.dryRun) {
    options.progress.stage('finishing (counts, accepted answers, revisions)');
    await finishImport(ctx);
  }
  options.progress.finish();
  return report;
}

/** Every file present, in FILES order, each stage reading batches and writing them as the next is read. */
async function importFiles(ctx: ImportContext, files: Map<FileName, string>, rowsIn: Map<FileName, number>, options: ImportRun, hooks: ImportHooks) {
  await loadSiteTags(ctx);
  const excerpts = new Map<string, string>();
  const history: HistoryState = { open: null, guid: '' };
  const badges = await loadBadges(ctx);
  const unmatchedBadges = new Map<string, number>();

  const steps: Record<FileName, Step> = {
    'Users.xml': (rows) => importUsers(ctx, rows),
    'Tags.xml': (rows) => importTags(ctx, rows),
    'Posts.xml': (rows) => importPosts(ctx, rows, excerpts),
    'Comments.xml': (rows) => importComments(ctx, rows),
    'PostHistory.xml': (rows, last) => importHistory(ctx, rows, history, last),
    'PostLinks.xml': (rows) => importLinks(ctx, rows),
    'Votes.xml': (rows) => importVotes(ctx, rows),
    'Badges.xml': (rows) => importBadges(ctx, rows, badges, unmatchedBadges),
  };
  for (const { name, root } of FILES) {
    const file = files.get(name);
    if (!file) continue;
    options.progress.stage(name, rowsIn.get(name));
    const batches = dumpRows(file, root, hooks.batchSize ? { rows: hooks.batchSize, chars: Infinity } : BATCH);
    await importFile(ctx.db, batches, rowsIn.get(name)!, steps[name], { ahead: AHEAD.has(name), commitEvery: hooks.commitEvery ?? COMMIT_EVERY }, (rows, n) => {
      options.progress.tick(rows);
      hooks.afterBatch?.(name, n);
    });
    if (name === 'PostHistory.xml' && history.open) await ctx.db.transaction().execute(importHistory(ctx, [], history, true));
    // Answers read before their question (posts.ts), now that every question has been read.
    if (name === 'Posts.xml') for (const part of slices(ctx.laterAnswers.splice(0), hooks.batchSize ?? BATCH.rows)) await ctx.db.transaction().execute(await importPosts(ctx, part, excerpts, true));
    if (name === 'Posts.xml' && !ctx.dryRun) await writeTagExcerpts(ctx, excerpts);
    // The files after Comments.xml have no bodies to convert: the threads' memory is given back.
    if (name === 'Comments.xml') await ctx.pool.close();
  }
  reportUnmatchedBadges(ctx, unmatchedBadges);
}

/**
 * The files whose step hands bodies to the conversion threads: the next batch's step may start
 * before this one has come back from them and been written, so the threads convert it while this
 * thread writes, and never wait for this thread between batches. Such a step must read all its
 * rows before its first await: the next batch's step may run during that await, and would then
 * meet rows (an answer) whose earlier rows (its question) this one had not read yet.
 */
const AHEAD = new Set<FileName>(['Users.xml', 'Posts.xml', 'Comments.xml']);

/** Reads one batch of a file's rows, and returns its writes (context.ts). */
type Step = (rows: DumpRow[], last: boolean) => Write | Promise<Write>;

/**
 * One file's batches: each is read and converted while the one before it is written, and written
 * in order, `commitEvery` batches a transaction. With `ahead`, a batch is read and sent to be
 * converted before the one before it has come back. `written` is told after each batch is committed.
 */
async function importFile(
  db: Kysely<Database>,
  batches: AsyncGenerator<DumpRow[]>,
  total: number,
  step: Step,
  { ahead, commitEvery }: { ahead: boolean; commitEvery: number },
  written: (rows: number, n: number) => void,
) {
  let open: ControlledTransaction<Database> | null = null;
  /** The row counts of the batches written in `open`. */
  const uncommitted: number[] = [];
  let writing: Promise<void> | null = null;
  let prepared: { rows: number; write: Promise<Write> } | null = null;
  let n = 0;
  let read = 0;
  const commitOpen = async () => {
    if (!open) return;
    await open.commit().execute();
    open = null;
    for (const rows of uncommitted.splice(0)) written(rows, ++n);
  };
  const writeBatch = async (write: Write, rows: number) => {
    open ??= await db.startTransaction().execute();
    await write(open);
    uncommitted.push(rows);
    if (uncommitted.length >= commitEvery) await commitOpen();
  };
  const commit = async (batch: { rows: number; write: Promise<Write> }) => {
    const write = await batch.write;
    await writing;
    keepHeapSmall(MAIN_HEAP_MB);
    writing = writeBatch(write, batch.rows);
    // Its failure is met by the next await of `writing`; until then it must not count as unhandled.
    writing.catch(() => {});
  };
  try {
    for await (const rows of batches) {
      read += rows.length;
      const batch = { rows: rows.length, write: Promise.resolve(step(rows, read >= total)) };
      if (!ahead) {
        await commit(batch);
        continue;
      }
      batch.write.catch(() => {});
      const before: { rows: number; write: Promise<Write> } | null = prepared;
      prepared = batch;
      if (before) await commit(before);
    }
    if (prepared) await commit(prepared);
    await writing;
    await commitOpen();
  } finally {
    // A failure elsewhere leaves no write running behind the caller's back, and no transaction open.
    await (writing as Promise<void> | null)?.catch(() => {});
    await (open as ControlledTransaction<Database> | null)?.rollback().execute().catch(() => {});
  }
}

/**
 * Every file read through before anything is written (countRows): a truncated or broken one refuses
 * the import while the site is unchanged. The largest file is read on the conversion thread, idle
 * until the first batch, while this thread reads the others: the check is a full XML parse of the
 * whole dump, which on one core took a sixteenth of an import. Returns each file's row count.
 */
async function checkFiles(files: Map<FileName, string>, pool: ConvertPool, progress: Progress): Promise<Map<FileName, number>> {
  const present = FILES.filter(({ name }) => files.has(name)).map(({ name, root }) => ({ name, root, file: files.get(name)!, size: fs.statSync(files.get(name)!).size }));
  progress.stage('checking the dump files (bytes)', present.reduce((sum, f) => sum + f.size, 0));
  const counting = () => {
    let seen = 0;
    return (bytes: number) => {
      progress.tick(bytes - seen);
      seen = bytes;
    };
  };
  const rowsIn = new Map<FileName, number>();
  const largest = present.reduce((a, b) => (b.size > a.size ? b : a));
  const there = pool.check(largest.file, largest.root, counting()).then((rows) => void rowsIn.set(largest.name, rows));
  const here = (async () => {
    for (const f of present) if (f !== largest) rowsIn.set(f.name, await countRows(f.file, f.root, counting()));
  })();
  // Both finish before a refusal is given, so no read is left running behind it.
  const outcomes = await Promise.allSettled([here, there]);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  return rowsIn;
}

/** The dump's files by their usual names, found whatever their case ("posts.xml" too). */
function locateFiles(folder: string): Map<FileName, string> {
  let entries: string[];
  try {
    entries = fs.readdirSync(folder);
  } catch {
    throw new ImportError(`Cannot read the folder ${folder}: give the folder of an unpacked Stack Exchange dump.`);
  }
  const out = new Map<FileName, string>();
  for (const { name } of FILES) {
    const entry = entries.find((e) => e.toLowerCase() === name.toLowerCase());
    if (entry) out.set(name, path.join(folder, entry));
  }
  return out;
}

/** The config ids of the close reasons a dump's reasons map to (seeded by the installer). */
async function closeReasons(db: Kysely<Database>): Promise<CloseReasons> {
  const rows = await db.selectFrom('config').select(['id', 'key']).where('key', 'in', ['reason.a_duplicate', 'reason.community_specific', 'reason.not_clarity', 'reason.something']).execute();
  const id = (key: string, fallback: number) => Number(rows.find((r) => r.key === key)?.id ?? fallback);
  return { duplicate: id('reason.a_duplicate', 60), offTopic: id('reason.community_specific', 63), unclear: id('reason.not_clarity', 64), other: id('reason.something', 59) };
}

/** Our questions' addresses, absolute when the site's URL is set (a duplicate's banner links to the original). */
async function questionUrls(db: Kysely<Database>): Promise<(id: string) => string> {
  const row = await db.selectFrom('site_info').select('content').where('type', '=', 'general').executeTakeFirst();
  let base = '';
  try {
    base = String((JSON.parse(row?.content ?? '{}') as { site_url?: string }).site_url ?? '').replace(/\/+$/, '');
  } catch {
    // A site without a readable general setting links its duplicates by path.
  }
  return (id: string) => `${base}/questions/${id}`;
}
