import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { readConfig, configExists } from '../../config/config.js';
import type { DataPaths } from '../../config/paths.js';
import { createProgress } from '../../core/progress.js';
import { createDb } from '../../db/connect.js';
import { pendingMigrations } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { advanceSequences } from '../../db/sequences.js';
import { checkCounters } from '../counters/check.js';
import { withFewerCheckpoints } from './checkpoints.js';
import { droppedProblems, ImportError, type ImportReport } from './report.js';

export const IMPORT_USAGE = `Usage:
  answer import answer --from <database URL> [--uploads <dir>] [--dry-run] [-C <data path>]
  answer import stackexchange <dump folder> [--dry-run] [-C <data path>]`;

export interface ImportFlags {
  from?: string;
  uploads?: string;
  'dry-run'?: boolean;
}

/**
 * `answer import answer|stackexchange`: runs an importer into the installed site of the data path,
 * then, unless it was a dry run, moves the id sequences past the imported rows and recounts every
 * counter from the rows, so the site starts without drift. Prints the report; exit 1 on a refused source.
 */
export async function importCommand(paths: DataPaths, args: string[], flags: ImportFlags): Promise<number> {
  const [source, folder] = args;
  if ((source !== 'answer' || !flags.from) && (source !== 'stackexchange' || !folder)) {
    console.error(IMPORT_USAGE);
    return 1;
  }
  if (!configExists(paths)) {
    console.error(`No site is installed at ${paths.root}: install it first (npx answer run -C ${paths.root}, or AUTO_INSTALL), then import into it.`);
    return 1;
  }
  const db = createDb(readConfig(paths).data.database);
  const dryRun = !!flags['dry-run'];
  const progress = createProgress();
  const started = Date.now();
  try {
    if ((await pendingMigrations(db)).length) {
      console.error('The database schema is not up to date: run "npx answer upgrade" first.');
      return 1;
    }
    if (source === 'stackexchange' && !fs.existsSync(folder!)) throw new ImportError(`No folder ${folder}: give the folder holding Posts.xml, Users.xml and the other files of the dump.`);
    // Only the chosen importer's modules are loaded: the other's would sit in this heap all along.
    const report = await withFewerCheckpoints(db, async () =>
      source === 'answer'
        ? (await import('./answer/run.js')).importAnswerSite(db, paths, { from: flags.from!, uploads: flags.uploads, dryRun, progress })
        : (await import('./stackexchange/run.js')).importStackExchange(db, paths, { folder: folder!, dryRun, progress }),
    );
    progress.finish();
    if (!dryRun) await settle(db, progress);
    printReport(report, dryRun, (Date.now() - started) / 1000);
    return 0;
  } catch (err) {
    progress.finish();
    if (err instanceof ImportError) {
      console.error(`Import refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

/** After any import: ids and counters made consistent with the rows now in the site. */
async function settle(db: Kysely<Database>, progress: ReturnType<typeof createProgress>) {
  await advanceSequences(db);
  let stage = '';
  let counted = 0;
  await checkCounters(db, {
    fix: true,
    onProgress(table, done, total) {
      if (table !== stage) {
        progress.stage(`recounting ${(stage = table)}`, total);
        counted = 0;
      }
      progress.tick(done - counted);
      counted = done;
    },
  });
  progress.finish();
}

function printReport(report: ImportReport, dryRun: boolean, seconds: number) {
  const counts = Object.entries(report.counts).map(([kind, n]) => `  ${kind}: ${n}`);
  console.log(`${dryRun ? 'Dry run: nothing was written. Would import' : `Imported in ${seconds.toFixed(1)} s`}:\n${counts.join('\n') || '  nothing'}`);
  const more = droppedProblems(report);
  if (report.problems.length) {
    console.log(`${report.problems.length + more} problem(s) in the source:`);
    for (const p of report.problems) console.log(`  - ${p}`);
    if (more) console.log(`  ... and ${more} more`);
  } else console.log('No problems found in the source.');
}
