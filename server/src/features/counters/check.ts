import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { COUNTERS, type CounterSpec, type CounterTable, counterName } from './specs.js';

export interface Drift {
  table: CounterTable;
  column: string;
  id: string;
  stored: number;
  expected: number;
}

export interface CheckOptions {
  /** Write the expected values over drifted ones. */
  fix?: boolean;
  /** Counter names (`table.column`) to leave out. */
  skip?: string[];
  /** Rows read per round trip; also how often progress is reported. */
  batchSize?: number;
  onProgress?: (table: CounterTable, done: number, total: number) => void;
}

/**
 * Recounts every maintained counter from the rows it summarises and returns where the stored
 * value differs. Tables are read in id order, a batch at a time, so a large site needs neither
 * one huge query nor all rows in memory. With `fix`, each drifted value is replaced only if it
 * still holds what was read (a compare-and-set), so a change made meanwhile is never overwritten
 * with an older count; running the check again reports anything that moved.
 */
export async function checkCounters(db: Kysely<Database>, options: CheckOptions = {}): Promise<Drift[]> {
  const skip = new Set(options.skip ?? []);
  const specs = COUNTERS.filter((s) => !skip.has(counterName(s)));
  const tables = [...new Set(specs.map((s) => s.table))];
  const drift: Drift[] = [];
  for (const table of tables) {
    drift.push(...(await checkTable(db, table, specs.filter((s) => s.table === table), options)));
  }
  return drift;
}

async function checkTable(db: Kysely<Database>, table: CounterTable, specs: CounterSpec[], options: CheckOptions): Promise<Drift[]> {
  // The table and its columns come from COUNTERS, so the untyped builder is safe here.
  const any = db as unknown as Kysely<any>;
  const batchSize = options.batchSize ?? 1000;
  const total = Number((await any.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const drift: Drift[] = [];
  let done = 0;
  let after: unknown;
  for (;;) {
    let page = any
      .selectFrom(table)
      .select(['id', ...specs.map((s) => s.column)])
      .orderBy('id')
      .limit(batchSize);
    if (after !== undefined) page = page.where('id', '>', after);
    const rows = await page.execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const ids = rows.map((r) => String(r.id));
    for (const spec of specs) {
      const counted = await spec.count(db, ids);
      for (const row of rows) {
        const id = String(row.id);
        const stored = Number(row[spec.column]);
        const n = counted.get(id) ?? 0;
        const expected = spec.expected ? spec.expected(stored, n) : n;
        if (stored === expected) continue;
        drift.push({ table, column: spec.column, id, stored, expected });
        if (options.fix) {
          await any.updateTable(table).set({ [spec.column]: expected }).where('id', '=', row.id).where(spec.column, '=', stored).execute();
        }
      }
    }
    done += rows.length;
    options.onProgress?.(table, done, total);
  }
  return drift;
}
