import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/connect.js';
import { dialectOf } from '../src/db/migrations/dialect.js';
import { migrations } from '../src/db/migrations/index.js';
import { matchAllInTitle } from '../src/features/search/dialect-sql.js';
import { indexRows } from '../src/features/search/index-writer.js';
import { type TestDatabase, testDatabases } from './support/databases.js';

/** Migration 0015 gives the titles of a site's existing questions their own index. */
describe.each(testDatabases())('search titles migration on $name', ({ create }) => {
  let target: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    target = await create();
    db = createDb({ driver: target.driver, connection: target.connection });
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.drop();
  });

  it('indexes the titles of questions indexed before it, and no answer', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0014_sitemap_index')).error).toBeUndefined();
    const post = (id: string, title: string) => ({ id, created_at: 1, updated_at: 1, user_id: '1', title, original_text: 'Body of it.', parsed_text: '<p>Body of it.</p>' });
    await db.insertInto('question').values([post('10010000000000001', 'Wombat burrow depth'), post('10010000000000002', 'Echidna spines')]).execute();
    await db.insertInto('answer').values({ id: '10020000000000003', created_at: 1, updated_at: 1, question_id: '10010000000000001', user_id: '1', original_text: 'A wombat answer.', parsed_text: '<p>A wombat answer.</p>' }).execute();
    // As a site upgraded before 0015 had them: the whole text indexed, no title index yet.
    await indexRows(db, [post('10010000000000001', 'Wombat burrow depth'), post('10010000000000002', 'Echidna spines')], { titles: false });
    await indexRows(db, [{ id: '10020000000000003', parsed_text: '<p>A wombat answer.</p>' }], { titles: false });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const inTitles = async (word: string) => {
      const match = matchAllInTitle(dialectOf(db), [[word]]);
      const { rows } = await sql<{ id: string | number }>`SELECT ${match.id} AS id FROM ${match.index} WHERE ${match.where}`.execute(db);
      return rows.map((r) => String(r.id));
    };
    expect(await inTitles('wombat')).toEqual(['10010000000000001']);
    expect(await inTitles('spines')).toEqual(['10010000000000002']);
    expect(await inTitles('answer')).toEqual([]);
  });
});
