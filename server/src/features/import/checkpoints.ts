import type { Kysely } from 'kysely';
import { sqliteConnectionOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

/** 80 MB of 4 KB pages: a few of an import's commits. */
const IMPORT_CHECKPOINT_PAGES = 20_000;

/**
 * SQLite copies its write-ahead log into the database file (a checkpoint) once a commit leaves the
 * log over 1,000 pages (4 MB), which nearly every commit of an import does; the pages that every
 * commit changes (the upper pages of indexes, the search index's) are then copied every time, and
 * each checkpoint waits for the disk. During an import this connection checkpoints every 20,000
 * pages instead: 300,000 posts took 58 s instead of 61. Afterwards the log is copied and
 * cut back to nothing, so it does not keep that size on disk; if a reader of the running site holds
 * the log then, the site's next commits copy it as usual. Other databases are left as they are.
 */
export async function withFewerCheckpoints<T>(db: Kysely<Database>, run: () => Promise<T>): Promise<T> {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return run();
  const usual = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${IMPORT_CHECKPOINT_PAGES}`);
  try {
    return await run();
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${usual}`);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  }
}
