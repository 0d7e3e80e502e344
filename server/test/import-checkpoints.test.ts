import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, sqliteConnectionOf } from '../src/db/connect.js';
import { withFewerCheckpoints } from '../src/features/import/checkpoints.js';

/** An import's SQLite connection checkpoints its log less often while it runs, and leaves it empty. */
describe('withFewerCheckpoints', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-checkpoints-'));
  const file = path.join(dir, 'site.db');
  const db = createDb({ driver: 'sqlite3', connection: file });
  const sqlite = sqliteConnectionOf(db)!;
  const pages = () => Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checkpoints every 20,000 pages during the import, then as usual, with the log cut back', async () => {
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)`.execute(db as never);
    expect(pages()).toBe(1000);
    const seen = await withFewerCheckpoints(db, async () => {
      for (let i = 0; i < 400; i++) await sql`INSERT INTO t (body) VALUES (${'x'.repeat(20_000)})`.execute(db as never);
      // Well past the usual 1,000 pages (4 MB), and not checkpointed: the log holds all of it.
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1500 * 4096);
      return pages();
    });
    expect(seen).toBe(20_000);
    expect(pages()).toBe(1000);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(db as never)).rows[0]!.n).toBe(400);
  });

  it('sets the usual back when the import fails', async () => {
    await expect(withFewerCheckpoints(db, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(pages()).toBe(1000);
  });
});
