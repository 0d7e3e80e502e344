import type { Kysely, Migration } from 'kysely';
import { createIndexStructures } from '../../features/search/dialect-sql.js';

/**
 * The full-text search index of each database (features/search/dialect-sql.ts), filled with every
 * existing question and answer. The backfill walks posts in id order, a page at a time, so a big
 * site's memory stays flat; it reports progress on stderr when there is much to do.
 */
type Post = { id: string; title?: string; parsed_text: string };
const PAGE = 1000;
const REPORT_ABOVE = 20000;

export const searchIndex: Migration = {
  async up(db: Kysely<any>) {
    await createIndexStructures(db);
    // Loaded here, not with the migrations: it brings the renderers, which a command that only
    // checks the schema (an import, a dump) should not carry.
    const { indexRows } = await import('../../features/search/index-writer.js');
    for (const table of ['question', 'answer'] as const) {
      const total = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      let after = '0';
      for (let done = 0; done < total; ) {
        const columns = table === 'question' ? ['id', 'title', 'parsed_text'] : ['id', 'parsed_text'];
        const rows = (await db.selectFrom(table).select(columns).where('id', '>', after).orderBy('id').limit(PAGE).execute()) as Post[];
        const last = rows.at(-1);
        if (!last) break;
        // The title index comes with 0015, which fills it itself.
        await indexRows(db, rows, { titles: false });
        done += rows.length;
        after = String(last.id);
        if (total > REPORT_ABOVE) process.stderr.write(`search index: ${table} ${done}/${total}\n`);
      }
    }
  },
};
