import { type Kysely, sql, type Transaction } from 'kysely';
import type { Progress } from '../../../core/progress.js';
import type { Database } from '../../../db/schema.js';
import { count, type ImportReport } from '../report.js';
import type { Source } from './source.js';
import { insertNew } from '../insert-new.js';

export type Row = Record<string, unknown>;
type Trx = Transaction<Database>;

/** What every table copy shares. */
export interface CopyContext {
  source: Source;
  db: Kysely<Database>;
  report: ImportReport;
  dryRun: boolean;
  progress: Progress;
  /** The source's tables. */
  tables: Set<string>;
}

/**
 * How one upstream table becomes one of ours. `map` returns the row to write, or null to leave
 * the source row out (having reported why). `prepare` looks up, for a whole page at once, what the
 * rows refer to, so checks cost one query per page rather than per row.
 */
export interface TableCopy<P = unknown> {
  from: string;
  to: keyof Database;
  /** The report's name for these rows. */
  kind: string;
  prepare?(ctx: CopyContext, rows: Row[]): Promise<P>;
  map(row: Row, ctx: CopyContext, prepared: P): Row | null;
  /** More writes for the page, in its transaction (search index, derived rows). */
  after?(trx: Trx, written: Row[], source: Row[]): Promise<void>;
  /** Writes the page instead of a plain insert of the missing rows. */
  write?(trx: Trx, rows: Row[]): Promise<void>;
}

export const PAGE = 500;

/** The source rows after `after` in id order (keyset paging: each page is one indexed range read). */
async function page(source: Source, table: string, after: unknown): Promise<Row[]> {
  let q = source.db.selectFrom(table).selectAll().orderBy('id').limit(PAGE);
  if (after !== undefined) {
    // MySQL would compare a string parameter with a BIGINT as a double, which rounds 17-digit ids.
    q = source.dialect === 'mysql' ? q.where(sql<boolean>`${sql.ref('id')} > cast(${String(after)} as signed)`) : q.where('id', '>', after);
  }
  return q.execute();
}

/**
 * Copies one table page by page, each page in its own transaction and counted into the progress
 * after it committed: an interruption loses at most the page under way, and the next run skips
 * every row that made it.
 */
export async function copyTable<P>(ctx: CopyContext, copy: TableCopy<P>): Promise<void> {
  if (!ctx.tables.has(copy.from)) return;
  const total = Number((await ctx.source.db.selectFrom(copy.from).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  ctx.progress.stage(copy.kind, total);
  count(ctx.report, copy.kind, 0);
  let after: unknown;
  for (;;) {
    const rows = await page(ctx.source, copy.from, after);
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const prepared = (copy.prepare ? await copy.prepare(ctx, rows) : undefined) as P;
    const written: Row[] = [];
    const kept: Row[] = [];
    for (const row of rows) {
      const mapped = copy.map(row, ctx, prepared);
      if (mapped) {
        written.push(mapped);
        kept.push(row);
      }
    }
    count(ctx.report, copy.kind, written.length);
    if (!ctx.dryRun && written.length) {
      await ctx.db.transaction().execute(async (trx) => {
        await (copy.write ? copy.write(trx, written) : insertNew(trx, copy.to, written));
        await copy.after?.(trx, written, kept);
      });
    }
    ctx.progress.tick(rows.length);
  }
}

/** Which of these ids exist in a source table (one query for a page of references). */
export async function existing(source: Source, table: string, ids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id) => id !== '0'))];
  if (!wanted.length) return new Set();
  const list = source.dialect === 'mysql' ? sql.join(wanted.map((id) => sql`cast(${id} as signed)`)) : sql.join(wanted);
  const rows = await source.db.selectFrom(table).select('id').where(sql<boolean>`${sql.ref('id')} in (${list})`).execute();
  return new Set(rows.map((r) => String(r.id)));
}
