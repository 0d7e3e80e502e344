import { type Kysely, sql } from 'kysely';
import type { Progress } from '../../core/progress.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import { indexRows } from '../search/index-writer.js';

const PAGE = 1000;

/**
 * The search index is not in an archive (features/search/dialect-sql.ts structures differ by
 * database); after a restore it is emptied and written again from every question and answer, in id
 * pages inside one transaction, the way migrations 0005 and 0015 filled it.
 */
export async function rebuildSearchIndex(db: Kysely<any>, progress: Progress): Promise<void> {
  const dialect = dialectOf(db);
  const idParam = (id: string) => sql`CAST(${id} AS ${sql.raw(dialect === 'mysql' ? 'SIGNED' : dialect === 'postgres' ? 'bigint' : 'INTEGER')})`;
  await db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite3') {
      await sql`INSERT INTO search_fts (search_fts) VALUES ('delete-all')`.execute(trx);
      await sql`INSERT INTO search_title_fts (search_title_fts) VALUES ('delete-all')`.execute(trx);
    } else await sql`DELETE FROM search_doc`.execute(trx);
    for (const table of ['question', 'answer'] as const) {
      const { n } = (await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(trx)).rows[0]!;
      progress.stage(`search index: ${table}`, Number(n));
      const columns = table === 'question' ? sql`id, title, parsed_text` : sql`id, parsed_text`;
      for (let after = '0'; ; ) {
        const { rows } = await sql<{ id: string | number; title?: string; parsed_text: string }>`
          SELECT ${columns} FROM ${sql.table(table)} WHERE id > ${idParam(after)} ORDER BY id LIMIT ${sql.lit(PAGE)}`.execute(trx);
        if (!rows.length) break;
        await indexRows(trx, rows);
        progress.tick(rows.length);
        after = String(rows.at(-1)!.id);
      }
    }
  });
}
