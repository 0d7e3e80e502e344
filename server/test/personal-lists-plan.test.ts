import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadThresholds } from '../src/core/privileges.js';
import { topQuestionsQuery } from '../src/features/personal/posts.js';
import { ViewerScope } from '../src/features/personal/scope.js';
import { installedSite, member, type TestSite } from './support/app.js';

/**
 * A visitor's view of one person's questions reads that person's rows, not the site's: SQLite keeps
 * no statistics here, and without an index led by the author it took the (show, status) index,
 * which holds nearly every question (migration 0017).
 */
describe("a person's questions as a visitor lists them", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await installedSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('are found through the index led by their author on SQLite', async () => {
    const author = await member(site, 'planauthor');
    const db = site.runtime.database;
    const query = topQuestionsQuery(db, author.id, new ViewerScope(null, await loadThresholds(site.runtime))).compile();
    // The compiled statement with its parameters, asked for its plan instead of its rows.
    const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` });
    expect(rows.map((r) => r.detail).join(' | ')).toContain('idx_question_user_id_show_status');
  });
});
